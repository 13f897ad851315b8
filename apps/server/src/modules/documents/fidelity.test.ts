import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { docxText, download, pdfPages, stripBidi, xlsxParts } from '../../../test/read-back.js';

/**
 * The documents of record print what was written: rich text keeps its styles, "<" and "&" stay, standard phrases are
 * translated whole and free text left in its language is marked, with a legend saying so.
 */
let t: TestApp;
let token: string;
let offerId: string;

const LEGAL = { title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' };

beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'UG' }));
  const doc = buildOfferDocument(1);
  doc.description =
    '<h2>Scope of the offer</h2><p>Applies to <strong>every listed sector</strong> and <em>all four modes</em>.</p>' +
    '<ul><li><p>Subject to ratification</p></li></ul>';
  doc.sectors[0] = { ...doc.sectors[0]!, services: [LEGAL], provisional_codes: ['861'] };
  const c = doc.sectors[0].sectorCommitement;
  c.limitationsMA.crossBorder.value = 'None.';
  c.limitationsMA.consumptionAbroad.value = 'Unbound, except as indicated in the horizontal section';
  c.limitationsMA.commercialPresence.value = 'Foreign law firms must partner with a local firm.';
  c.additionalCommitment.commitment = 'See <Annex B> & <Annex C>.';
  doc.geenralCommitement[0]![1]!.value = 'Equity <49 % & approval';
  const created = await call(t, 'POST', '/offers', { token, body: doc });
  expect(created.status).toBe(200);
  offerId = created.body.payload.id;
});
afterAll(() => t.close());

describe('documents of record print what was written', () => {
  it('the French PDF translates standard phrases, marks English free text with a legend, keeps < and &', async () => {
    const pdf = await download(t, token, `/offers/${offerId}/export?format=pdf&lang=fr`);
    expect(pdf.status).toBe(200);
    const text = stripBidi(pdfPages(pdf.data).join('\n')).replace(/[ \t]+/g, ' ');
    expect(text).toContain('1) Néant.');
    // A long phrase wraps inside its table cell on paper: read it whole from the Word file of the same layout.
    const docx = await download(t, token, `/offers/${offerId}/export?format=docx&lang=fr`);
    expect(stripBidi(await docxText(docx.data))).toContain(
      '2) Non consolidé, sauf indications figurant dans la section horizontale',
    );
    expect(text).toContain('with a local firm. †');
    expect(text).toContain('Applies to every listed sector and all four modes. †');
    expect(text).toContain('† Texte dans la langue de sa rédaction : non traduit.');
    expect(text).toContain('See <Annex B> &');
    expect(text).toContain('<Annex C>.');
    expect(text).toContain('Equity <49 % & approval');
    expect(text).toContain('• Subject to ratification');
  });

  it('the English PDF has no mark and no legend: nothing is left untranslated', async () => {
    const pdf = await download(t, token, `/offers/${offerId}/export?format=pdf&lang=en`);
    const text = stripBidi(pdfPages(pdf.data).join('\n'));
    expect(text).not.toContain('†');
    expect(text).not.toContain('not translated');
  });

  it('the Word file keeps bold, italics and the heading of the opening statement', async () => {
    const docx = await download(t, token, `/offers/${offerId}/export?format=docx&lang=en`);
    expect(docx.status).toBe(200);
    const xml = (await xlsxParts(docx.data))['word/document.xml']!;
    /** The run properties of the run holding `text`. */
    const runOf = (text: string) => {
      const at = xml.indexOf(`>${text}</w:t>`);
      expect(at, text).toBeGreaterThan(0);
      const start = xml.lastIndexOf('<w:r>', at);
      return xml.slice(start, at);
    };
    expect(runOf('every listed sector')).toContain('<w:b/>');
    expect(runOf('every listed sector')).not.toContain('<w:i/>');
    expect(runOf('all four modes')).toContain('<w:i/>');
    expect(runOf('Applies to ')).not.toContain('<w:b/>');
    expect(runOf('Scope of the offer')).toContain('<w:b/>');
  });
});
