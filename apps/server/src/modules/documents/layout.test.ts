import { describe, expect, it } from 'vitest';
import { LRI, PDI, SCHEDULE_TERMS, stripIsolates, type Language } from '@portal/shared';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { must } from '../../../test/must.js';
import { WORDS } from './labels.js';
import { buildLayout } from './layout.js';
import { richTextToParagraphs } from './rich-text.js';

function layout(language: Language, edit: (doc: ReturnType<typeof buildOfferDocument>) => void = () => {}) {
  const doc = buildOfferDocument(1);
  must(doc.sectors[0]).services = [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }];
  edit(doc);
  return buildLayout({
    document: doc,
    language,
    kind: 'revised',
    country: { name: language === 'fr' ? "Côte d'Ivoire" : 'Kenya', english: "Côte d'Ivoire" },
    version: 3,
    date: new Date('2026-11-24T10:00:00Z'),
    titles: new Map([['W120:1.A.a', 'Services juridiques']]),
  });
}

describe('rich text in documents', () => {
  it('keeps paragraphs, line breaks and list items, and nothing of the markup', () => {
    expect(
      richTextToParagraphs(
        '<p>First &amp; <b>bold</b></p><p>two<br>lines</p><ul><li><p>item</p></li><li>other<ol><li>inner</li></ol></li></ul><script>x</script>',
      ),
    ).toEqual(['First & bold', 'two\nlines', '• item', '• other', '    1. inner']);
    expect(richTextToParagraphs('')).toEqual([]);
    expect(richTextToParagraphs('plain text, no markup')).toEqual(['plain text, no markup']);
  });
});

describe('the schedule layout', () => {
  it('words labels and fixed values in the language; free text holding a term stays as written', () => {
    const fr = layout('fr', (doc) => {
      const ma = must(doc.sectors[0]).sectorCommitement.limitationsMA;
      ma.crossBorder.value = 'Unbound*';
      ma.consumptionAbroad.value = 'None of the above';
    });
    expect(fr.heading).toBe("CÔTE D'IVOIRE — LISTE D'ENGAGEMENTS SPÉCIFIQUES");
    expect(fr.kind).toBe('Offre révisée');
    expect(fr.sectors.columns[1]).toBe("Limitations concernant l'accès aux marchés");
    const [sector, ma] = must(fr.sectors.rows[0]);
    // No heading titles given: the whole code, and the one service's codes after its title.
    expect(sector?.lines[0]?.text).toBe('1.A.a Services juridiques (CPC Prov. 861)');
    expect(ma?.lines.map((l) => l.text)).toEqual([
      '1) Non consolidé*',
      '2) None of the above †',
      '3) Non consolidé*',
      '4) Non consolidé*',
    ]);
    expect(fr.fileBase).toBe('Cote-d-Ivoire-revised-offer-v3-fr');
    expect(fr.meta).toEqual(['Version 3', 'Date : 24 novembre 2026']);
  });

  it('isolates codes in Arabic and leaves no isolate in a left-to-right document without Arabic', () => {
    const ar = layout('ar');
    expect(ar.direction).toBe('rtl');
    expect(ar.sectors.rows[0]?.[0]?.lines[0]?.text).toContain(`${LRI}1.A.a${PDI}`);
    expect(ar.sectors.rows[0]?.[1]?.lines[0]?.text.startsWith(`${LRI}1)${PDI}`)).toBe(true);
    const en = layout('en');
    expect(JSON.stringify(en)).toBe(stripIsolates(JSON.stringify(en)));
  });

  it('uses only terms of the shared vocabulary for the schedule terms it translates', () => {
    const english = new Set(SCHEDULE_TERMS.map((t) => t.en));
    for (const label of [
      'Sector or subsector',
      'Limitations on market access',
      'Limitations on national treatment',
      'Additional commitments',
      'Horizontal commitments',
      'MFN exemptions',
      'Modes of supply',
      'Conditional initial offer',
      'Revised offer',
      'Final offer',
    ])
      expect(english.has(label)).toBe(true);
    for (const language of ['en', 'fr', 'ar'] as const) expect(WORDS[language].mfn).toHaveLength(5);
  });
});

describe('text kept as written, translations honest', () => {
  it('keeps the styles of rich text as runs: bold, italics, superscript, headings and list depth', () => {
    const en = layout('en', (doc) => {
      doc.description =
        '<h2>Scope</h2><p>Applies to <strong>all</strong> <em>modes</em>, m<sup>2</sup></p><ol><li><p>first</p></li></ol>';
    });
    const [heading, paragraph, item] = en.opening!.paragraphs;
    expect(heading).toMatchObject({ text: 'Scope', heading: 2 });
    expect(paragraph!.text).toBe('Applies to all modes, m2');
    expect(paragraph!.runs).toEqual([
      { text: 'Applies to ' },
      { text: 'all', bold: true },
      { text: ' ' },
      { text: 'modes', italic: true },
      { text: ', m' },
      { text: '2', sup: true },
    ]);
    expect(item).toMatchObject({ text: '1. first', indent: 1 });
  });

  it('prints "<" and "&" typed in plain and rich fields as typed', () => {
    const en = layout('en', (doc) => {
      must(doc.sectors[0]).sectorCommitement.additionalCommitment.commitment = 'See <Annex B> & <Annex C>.';
      must(doc.geenralCommitement[0]?.[1]).value = 'Equity <49 % & see <Annex A>';
    });
    expect(en.sectors.rows[0]?.[3]?.lines[0]?.text).toBe('See <Annex B> & <Annex C>.');
    expect(en.horizontal.rows[0]?.[1]?.lines[0]?.text).toBe('Equity <49 % & see <Annex A>');
  });

  it('marks free text left in another language and says so once; standard phrases are translated', () => {
    const fr = layout('fr', (doc) => {
      const ma = must(doc.sectors[0]).sectorCommitement.limitationsMA;
      ma.crossBorder.value = 'None.';
      ma.consumptionAbroad.value = 'Unbound, except as indicated in the horizontal section';
      ma.commercialPresence.value = 'Foreign equity is limited to 49 per cent.';
      ma.presenceOfNaturalPersons.value = 'Les investisseurs étrangers doivent être agréés.';
    });
    expect(fr.sectors.rows[0]?.[1]?.lines.map((l) => l.text)).toEqual([
      '1) Néant.',
      '2) Non consolidé, sauf indications figurant dans la section horizontale',
      '3) Foreign equity is limited to 49 per cent. †',
      '4) Les investisseurs étrangers doivent être agréés.',
    ]);
    expect(fr.untranslatedNote).toBe('† Texte dans la langue de sa rédaction : non traduit.');
    const en = layout('en');
    expect(en.untranslatedNote).toBe(null);
  });
});
