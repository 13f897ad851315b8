import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DOCUMENT_MESSAGES, ERROR_CATALOGUE, OFFER_LIMITS, blankSector, type OfferDocument } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { offers } from '../../db/schema/index.js';
import { docxText, download, pdfPages, stripBidi, xlsxParts, xlsxRows } from '../../../test/read-back.js';
import { must } from '../../../test/must.js';
import { readSheet } from '../../lib/xlsx/read.js';
import { classification } from '../sectors/classification.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, sn: Signed, gh: Signed, staff: Signed;
let keOffer: string, snOffer: string, responseId: string;

const LEGAL = { title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' };
const ACCOUNTING = { title: 'Accounting, auditing and bookeeping services', value: '1.A.b', key: 'W120:1.A.b' };

/** Kenya's schedule: Legal (1.A.a) and Accounting (1.A.b) with a value in each mode. */
function kenyaSchedule(): OfferDocument {
  const doc = buildOfferDocument(2);
  doc.name = 'Kenya conditional initial offer';
  doc.sectors[0] = {
    ...must(doc.sectors[0]),
    services: [LEGAL],
    codes: ['1.A.a'],
    codesCPC: ['861'],
    provisional_codes: ['861'],
  };
  doc.sectors[1] = {
    ...must(doc.sectors[1]),
    services: [ACCOUNTING],
    codes: ['1.A.b'],
    codesCPC: ['862'],
    provisional_codes: ['862'],
  };
  const ma = must(doc.sectors[0]).sectorCommitement.limitationsMA;
  ma.crossBorder.value = 'None';
  ma.consumptionAbroad.value = 'Unbound';
  ma.commercialPresence.value = 'Joint venture required';
  ma.presenceOfNaturalPersons.value = 'Unbound*';
  return doc;
}

beforeAll(async () => {
  t = await startTestApp();
  [ke, sn, gh, staff] = await Promise.all([
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' }),
    userWithToken(t, { role: 'AFRICAN_UNION' }),
  ]);
  const created = await call(t, 'POST', '/offers', {
    token: ke.token,
    body: { ...kenyaSchedule(), submittedToAU: true },
  });
  expect(created.status).toBe(200);
  keOffer = created.body.payload.id;
  // Senegal's offer is a draft only: no other country may read it.
  snOffer = (await call(t, 'POST', '/offers', { token: sn.token, body: { ...buildOfferDocument(1) } })).body.payload.id;
  const counter = (await call(t, 'GET', `/offers/${keOffer}`, { token: sn.token })).body.payload;
  const doc = kenyaSchedule();
  doc.sectors = counter.sectors;
  must(doc.sectors[0]).sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  must(doc.sectors[0]).sectorCommitement.limitationsMA.commercialPresence.hasChanged = true;
  const res = await call(t, 'POST', `/response-offer/${keOffer}`, { token: sn.token, body: { offer: doc } });
  expect(res.status).toBe(200);
  responseId = res.body.payload.id;
});
afterAll(() => t.close());

const HEADINGS = {
  en: 'KENYA — SCHEDULE OF SPECIFIC COMMITMENTS',
  fr: "KENYA — LISTE D'ENGAGEMENTS SPÉCIFIQUES",
  ar: 'كينيا — جدول الالتزامات المحددة',
};
const MODE_VALUES = {
  en: ['1) None', '2) Unbound', '3) Joint venture required', '4) Unbound*'],
  fr: ['1) Néant', '2) Non consolidé', '3) Joint venture required', '4) Non consolidé*'],
  ar: ['لا يوجد', 'غير ملزم', 'Joint venture required', 'غير ملزم*'],
};
const TITLES = { en: 'Legal Services', fr: 'Services juridiques', ar: 'الخدمات القانونية' };
/** Sector heading, subsector heading, first and second entry of Kenya's schedule as a reader finds them. */
const SECTOR_LINES = {
  en: ['1. BUSINESS SERVICES', 'A. Professional Services', 'a) Legal Services (CPC', 'b) Accounting'],
  fr: [
    '1. SERVICES FOURNIS AUX ENTREPRISES',
    'A. Services professionnels',
    'a) Services juridiques',
    'b) Services comptables',
  ],
  // pdftotext gives the marks of a right-to-left line in visual order: the titles are what can be compared.
  ar: ['خدمات الأعمال', 'الخدمات المهنية', 'الخدمات القانونية', 'خدمات المحاسبة'],
} as const;
/**
 * pdftotext reads the lam-alef ligatures of Arabic (لا لأ…, one glyph each) back in visual order (ال أل…): compare Arabic text
 * extracted from a PDF with the expected text spelled the same way.
 */
const asExtracted = (text: string) => text.replace(/ل([اأإآ])/g, '$1ل');
const KINDS = { en: 'Conditional initial offer', fr: 'Offre initiale conditionnelle', ar: 'العرض الأولي المشروط' };

describe('GET /offers/{id}/export', () => {
  it('requires authentication', async () => {
    expect((await fetch(`${t.api}/offers/${keOffer}/export?format=pdf&lang=en`)).status).toBe(401);
  });

  for (const lang of ['en', 'fr', 'ar'] as const) {
    it(`makes a text PDF in the WTO layout (${lang})`, async () => {
      const res = await download(t, gh.token, `/offers/${keOffer}/export?format=pdf&lang=${lang}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Kenya-conditional-initial-offer-v1-${lang}.pdf"; filename*=UTF-8''Kenya-conditional-initial-offer-v1-${lang}.pdf`,
      );
      const raw = pdfPages(res.data);
      const pages = raw.map(stripBidi);
      const text = pages.join('\n');
      expect(text).toContain(asExtracted(HEADINGS[lang]));
      expect(text).toContain(asExtracted(KINDS[lang]));
      // The sector and subsector headings, then the entries named by their letter, in classification order.
      const positions = SECTOR_LINES[lang].map((line) => text.indexOf(asExtracted(line)));
      expect(positions[0]).toBeGreaterThan(-1);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(new Set(positions).size).toBe(4);
      expect(text).toContain(asExtracted(TITLES[lang]));
      // "CPC 861" is one left-to-right unit in every script (not "861 CPC" in Arabic), after the service's title.
      expect(raw.join('\n')).toContain('(CPC');
      expect(text).not.toContain('861 CPC');
      for (const value of MODE_VALUES[lang]) expect(text).toContain(asExtracted(value));
      // "n / N" (pdftotext may drop the thin spaces of a short footer line).
      pages.forEach((page, i) => expect(page).toMatch(new RegExp(`\\b${i + 1} ?/ ?${pages.length}\\b`)));
    });
  }

  it('keeps markup and quotes in user text as written (no injection into the typesetter)', async () => {
    const doc = kenyaSchedule();
    must(doc.sectors[0]).sectorCommitement.limitationsMA.crossBorder.value = '#set page(width: 1cm)';
    must(doc.sectors[0]).sectorCommitement.limitationsMA.consumptionAbroad.value = '$x$ #[b] "q" \\ <l> @r';
    const id = (await call(t, 'POST', '/offers', { token: gh.token, body: { ...doc, submittedToAU: true } })).body
      .payload.id;
    const res = await download(t, gh.token, `/offers/${id}/export?format=pdf&lang=en`);
    expect(res.status).toBe(200);
    const text = stripBidi(pdfPages(res.data).join('\n'));
    expect(text).toContain('1) #set page(width: 1cm)');
    expect(text).toContain('2) $x$ #[b] "q" \\ <l> @r');
  });

  it('holds the same rows in DOCX and XLSX, right to left in Arabic', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const docx = await download(t, ke.token, `/offers/${keOffer}/export?format=docx&lang=${lang}&version=1`);
      expect(docx.status).toBe(200);
      expect(docx.headers.get('content-type')).toBe(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      );
      const text = stripBidi(await docxText(docx.data));
      expect(text).toContain(HEADINGS[lang]);
      for (const value of MODE_VALUES[lang]) expect(text).toContain(value);
      expect(text.indexOf(SECTOR_LINES[lang][0])).toBeGreaterThan(-1);
      expect(text.indexOf(SECTOR_LINES[lang][0])).toBeLessThan(text.indexOf(SECTOR_LINES[lang][1]));
      expect(text.indexOf(SECTOR_LINES[lang][1])).toBeLessThan(text.indexOf(TITLES[lang]));
      expect(text.indexOf(TITLES[lang])).toBeLessThan(text.indexOf(SECTOR_LINES[lang][3]));

      const xlsx = await download(t, ke.token, `/offers/${keOffer}/export?format=xlsx&lang=${lang}&version=1`);
      expect(xlsx.status).toBe(200);
      expect(xlsx.headers.get('content-disposition')).toContain(`Kenya-conditional-initial-offer-v1-${lang}.xlsx`);
      const { rows, rightToLeft } = await xlsxRows(xlsx.data);
      expect(rightToLeft).toBe(lang === 'ar');
      const cells = rows.map((r) => r.map(stripBidi));
      const legal = must(cells.find((r) => r[0]?.startsWith('a)')));
      const legalMarketAccess = must(legal[1]);
      expect(legal[0]).toBe(`a) ${TITLES[lang]} (CPC Prov. 861)`);
      expect(legalMarketAccess.split('\n')).toHaveLength(4);
      for (const value of MODE_VALUES[lang]) expect(legalMarketAccess).toContain(value);
      const at = (start: string) => cells.findIndex((r) => r[0]?.startsWith(start));
      expect(at('1. ')).toBeGreaterThan(-1);
      expect([at('1. '), at('A. '), at('a)'), at('b)')]).toEqual(
        [at('1. '), at('A. '), at('a)'), at('b)')].sort((a, b) => a - b),
      );
      expect(cells[at('1. ')]![0]).toBe(lang === 'ar' ? '1. خدمات الأعمال' : '1. BUSINESS SERVICES');
      // The Word file holds the same sector rows as the sheet.
      for (const line of legalMarketAccess.split('\n')) expect(text).toContain(line);

      // Read with jszip, apart from our reader: the direction is the sheet's and the cells', never control characters
      // in the text, and each row states a height for its wrapped lines (LibreOffice does not work it out itself).
      const xml = await xlsxParts(xlsx.data);
      const sheet = must(xml['xl/worksheets/sheet1.xml']);
      expect(sheet.includes('rightToLeft="1"')).toBe(lang === 'ar');
      expect(xml['xl/styles.xml']).toContain(`readingOrder="${lang === 'ar' ? 2 : 1}"`);
      expect(xml['xl/sharedStrings.xml']).not.toMatch(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
      expect(xml['xl/sharedStrings.xml']).toContain('(CPC Prov. 861)');
      const numbered = (await readSheet(xlsx.data)).rows;
      const legalNumber = numbered.find((r) => String(r.cells[0] ?? '').startsWith('a)'))!.number;
      const legalRow = new RegExp(`<row r="${legalNumber}"[^>]*>`).exec(sheet)!;
      expect(legalRow[0]).toMatch(/ ht="[\d.]+" customHeight="1"/);
      expect(Number(/ ht="([\d.]+)"/.exec(legalRow[0])![1])).toBeGreaterThanOrEqual(4 * 15);
    }
  });

  // Entered as a delegation added them; a WTO schedule reads 1.A.a, 1.A.b, 5.A, 9.A, 11.A.b under its headings.
  it('prints sectors entered out of order in classification order, under sector and subsector headings', async () => {
    const tz = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'TZ' });
    const { w120 } = await classification();
    const entered = ['11.A.b', '1.A.b', '9.A', '5.A', '1.A.a'];
    const doc = buildOfferDocument(entered.length);
    entered.forEach((code, i) => {
      const title = w120.find((r) => r.code === code)!.title_en;
      doc.sectors[i] = {
        ...must(doc.sectors[i]),
        services: [{ title, value: code, key: `W120:${code}` }],
        codes: [code],
        provisional_codes: [],
      };
    });
    must(doc.sectors[4]).provisional_codes = ['861'];
    must(doc.sectors[4]).codesCPC = ['861'];
    const created = await call(t, 'POST', '/offers', { token: tz.token, body: { ...doc, submittedToAU: true } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.payload.id;
    // What a reader finds, in this order: each sector heading, its subsector heading, the entry by its letter.
    const reading = [
      '1. BUSINESS SERVICES',
      'A. Professional Services',
      'a) Legal Services (CPC Prov. 861)',
      'b) Accounting, auditing and bookeeping services',
      '5. EDUCATIONAL SERVICES',
      'A. Primary education services',
      '9. TOURISM AND TRAVEL RELATED SERVICES',
      'A. Hotels and restaurants (incl. catering)',
      '11. TRANSPORT SERVICES',
      'A. Maritime Transport Services',
      'b) Freight transportation',
    ];
    const inOrder = (text: string, lines: string[]) => {
      let from = 0;
      for (const line of lines) {
        const at = text.indexOf(line, from);
        expect(at, `"${line}" after position ${from}`).toBeGreaterThan(-1);
        from = at + line.length;
      }
    };

    const pdf = await download(t, tz.token, `/offers/${id}/export?format=pdf&lang=en`);
    expect(pdf.status).toBe(200);
    // pdftotext -layout wraps a long title within its column: read the first column's words, one space apart.
    const firstColumn = stripBidi(pdfPages(pdf.data).join('\n'))
      .split('\n')
      .filter((line) => !/^ {10}/.test(line))
      .map((line) => line.trim().split(/\s{3,}/)[0])
      .filter(Boolean)
      .join(' ');
    inOrder(firstColumn, reading);

    const docx = await download(t, tz.token, `/offers/${id}/export?format=docx&lang=en`);
    inOrder(stripBidi(await docxText(docx.data)), reading);

    const xlsx = await download(t, tz.token, `/offers/${id}/export?format=xlsx&lang=en`);
    const rows = (await xlsxRows(xlsx.data)).rows;
    const first = rows.map((r) => r[0] ?? '');
    const start = first.indexOf('1. BUSINESS SERVICES');
    expect(first.slice(start, start + reading.length)).toEqual(reading);
    // A heading is one cell across the row, bold; an entry fills the four columns.
    expect(rows[start]!.filter(Boolean)).toHaveLength(1);
    const xml = await xlsxParts(xlsx.data);
    expect(xml['xl/worksheets/sheet1.xml']).toMatch(/<mergeCell ref="A\d+:D\d+"\/>/);

    // The stored offer keeps the order it was entered in.
    const stored = await call(t, 'GET', `/offers/${id}`, { token: tz.token });
    expect(stored.body.payload.sectors.map((s: { codes: string[] }) => s.codes[0])).toEqual(entered);
  });

  it('names a just-submitted offer by its version for its own country too, not as a revised draft', async () => {
    const res = await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en`);
    expect(res.headers.get('content-disposition')).toContain('Kenya-conditional-initial-offer-v1-en.pdf');
    const text = stripBidi(pdfPages(res.data).join());
    expect(text).not.toContain('Draft (not submitted)');
    expect(text).not.toContain('Revised offer');
  });

  it('names each version of a finalized offer by its own kind: v1 stays the conditional initial offer', async () => {
    const ma = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'MA' });
    const id = (
      await call(t, 'POST', '/offers', { token: ma.token, body: { ...kenyaSchedule(), submittedToAU: true } })
    ).body.payload.id;
    expect((await call(t, 'POST', `/offers/${id}/validate`, { token: staff.token })).status).toBe(200);
    const { revision } = (await call(t, 'GET', `/offers/${id}`, { token: ma.token })).body.payload;
    const resubmitted = await call(t, 'PUT', `/offers/${id}`, {
      token: ma.token,
      body: { ...kenyaSchedule(), submittedToAU: true, revision },
    });
    expect(resubmitted.status).toBe(200);
    expect((await call(t, 'POST', `/offers/${id}/finalize`, { token: staff.token })).status).toBe(200);
    const name = async (query: string) =>
      (await download(t, staff.token, `/offers/${id}/export?format=xlsx&lang=en${query}`)).headers.get(
        'content-disposition',
      );
    expect(await name('&version=1')).toContain('-conditional-initial-offer-v1-en.xlsx');
    expect(await name('&version=2')).toContain('-final-offer-v2-en.xlsx');
  });

  it('shows the draft to its own country and the submitted version to others; ?version=N names one', async () => {
    const doc = kenyaSchedule();
    must(doc.sectors[0]).sectorCommitement.limitationsMA.crossBorder.value = 'Draft change not yet submitted';
    const saved = await call(t, 'GET', `/offers/${keOffer}`, { token: ke.token });
    expect(
      (
        await call(t, 'PUT', `/offers/${keOffer}`, {
          token: ke.token,
          body: { ...doc, submittedToAU: false, revision: saved.body.payload.revision },
        })
      ).status,
    ).toBe(200);
    const own = stripBidi(
      pdfPages((await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en`)).data).join(),
    );
    expect(own).toContain('Draft change not yet submitted');
    expect(own).toContain('Draft (not submitted)');
    const other = await download(t, gh.token, `/offers/${keOffer}/export?format=pdf&lang=en`);
    expect(stripBidi(pdfPages(other.data).join())).not.toContain('Draft change');
    const v1 = await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en&version=1`);
    expect(stripBidi(pdfPages(v1.data).join())).toContain('1) None');
    expect((await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en&version=7`)).status).toBe(404);
  });

  it('answers 404 in every format for an offer the caller may not read, and for an unknown id', async () => {
    for (const format of ['pdf', 'docx', 'xlsx']) {
      const hidden = await download(t, gh.token, `/offers/${snOffer}/export?format=${format}&lang=en`);
      expect(hidden).toMatchObject({ status: 404, json: { code: 'NOT_FOUND' } });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id'])
        expect((await download(t, ke.token, `/offers/${id}/export?format=${format}&lang=fr`)).status).toBe(404);
    }
  });

  it('refuses an unknown format or language with 400 and a message', async () => {
    const format = await download(t, ke.token, `/offers/${keOffer}/export?format=odt&lang=en`);
    expect(format).toMatchObject({ status: 400, json: { code: 'VALIDATION', message: DOCUMENT_MESSAGES.format } });
    const lang = await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=de`);
    expect(lang).toMatchObject({ status: 400, json: { code: 'VALIDATION', message: DOCUMENT_MESSAGES.language } });
    expect((await download(t, ke.token, `/offers/${keOffer}/export?lang=en`)).status).toBe(400);
    expect((await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en&version=x`)).status).toBe(400);
  });

  it('refuses a document over the limits with 413 before typesetting it', async () => {
    const doc = buildOfferDocument(0);
    doc.sectors = Array.from({ length: OFFER_LIMITS.sectors + 1 }, (_, i) => blankSector(`s${i}`));
    // Stored as it may have been before the limit existed: the API itself would refuse to save it.
    await t.ctx.db.update(offers).set({ document: doc }).where(eq(offers.id, snOffer));
    const res = await download(t, sn.token, `/offers/${snOffer}/export?format=pdf&lang=en`);
    expect(res).toMatchObject({
      status: 413,
      json: { code: 'PAYLOAD_TOO_LARGE', message: DOCUMENT_MESSAGES.tooLarge },
    });
  });

  it('typesets a large PDF off the event loop, and refuses a Word file of that size', async () => {
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const id = (await call(t, 'POST', '/offers', { token: ng.token, body: buildOfferDocument(1) })).body.payload.id;
    const doc = buildOfferDocument(OFFER_LIMITS.sectors);
    const long = 'Foreign equity limited to 49 per cent; joint venture with a national partner required. '.repeat(12);
    for (const sector of doc.sectors) {
      sector.sectorCommitement.limitationsMA.commercialPresence.value = long;
      sector.sectorCommitement.limitationsOnNationalTreatment.commercialPresence.value = long;
    }
    await t.ctx.db.update(offers).set({ document: doc }).where(eq(offers.id, id));
    let done = false;
    const pdf = download(t, ng.token, `/offers/${id}/export?format=pdf&lang=en`).finally(() => (done = true));
    // Light requests keep being answered while the PDF is typeset: a blocked event loop would answer the first one
    // only after the PDF (answered = 1). How fast they are answered is measured in bench/documents.bench.ts.
    let answered = 0;
    while (!done) {
      expect((await call(t, 'GET', '/client-config')).status).toBe(200);
      answered++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await pdf).status).toBe(200);
    expect(answered).toBeGreaterThan(5);
    expect((await download(t, ng.token, `/offers/${id}/export?format=docx&lang=en`)).status).toBe(413);
  }, 120_000);

  it('holds one user to their share of the queue (429 with Retry-After); another user is served meanwhile', async () => {
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        download(t, staff.token, `/offers/${keOffer}/export?format=${['pdf', 'docx', 'xlsx'][i % 3]}&lang=en`),
      ),
    );
    const other = await download(t, ke.token, `/offers/${keOffer}/export?format=pdf&lang=en`);
    expect(other.status).toBe(200);
    const all = await flood;
    const ok = all.filter((r) => r.status === 200);
    const spent = all.filter((r) => r.status === 429);
    expect(ok.length + spent.length).toBe(60);
    expect(ok.length).toBeGreaterThanOrEqual(3);
    expect(spent.length).toBeGreaterThan(0);
    for (const r of spent) {
      expect(r.json).toMatchObject({ code: 'DOCUMENTS_PER_USER', message: ERROR_CATALOGUE.DOCUMENTS_PER_USER.message });
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await download(t, staff.token, `/offers/${keOffer}/export?format=pdf&lang=en`)).status).toBe(200);
  }, 120_000);
});

describe('GET /response-offer/{id}/export', () => {
  it('marks each changed entry beside the original', async () => {
    const res = await download(t, ke.token, `/response-offer/${responseId}/export?format=pdf&lang=en`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('Kenya-counter-offer-by-Senegal-v1-en.pdf');
    const text = stripBidi(pdfPages(res.data).join('\n'));
    expect(text).toContain('Counter offer by Senegal');
    expect(text).toContain('3) None');
    expect(text).toContain('was: Joint venture required');
    const xlsx = await xlsxRows(
      (await download(t, sn.token, `/response-offer/${responseId}/export?format=xlsx&lang=fr`)).data,
    );
    const legal = xlsx.rows.map((r) => r.map(stripBidi)).find((r) => r[0]?.startsWith('a)'))!;
    expect(legal[1]).toContain('3) Néant\nantérieurement : Joint venture required');
  });

  it('answers 404 in every format to a third country and for an unknown id', async () => {
    for (const format of ['pdf', 'docx', 'xlsx']) {
      expect(
        (await download(t, gh.token, `/response-offer/${responseId}/export?format=${format}&lang=en`)).status,
      ).toBe(404);
      expect(
        (
          await download(
            t,
            ke.token,
            `/response-offer/00000000-0000-4000-8000-000000000000/export?format=${format}&lang=en`,
          )
        ).status,
      ).toBe(404);
    }
    expect((await download(t, ke.token, `/response-offer/${responseId}/export?format=pdf&lang=xx`)).status).toBe(400);
  });
});
