import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { offerVersions, offers, responseOffers } from '../../db/schema/index.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { download, pdfPages, stripBidi } from '../../../test/read-back.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed, sn: Signed, gh: Signed;
let offerId: string;

const SECTORS = 150;

beforeAll(async () => {
  t = await startTestApp();
  [ke, sn, gh] = await Promise.all([
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN', language: 'fr' }),
    userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' }),
  ]);
  const doc = buildOfferDocument(SECTORS);
  doc.sectors.forEach((s, i) => {
    s.sectorCommitement.limitationsMA.commercialPresence.value = `Foreign equity limited to 49 per cent (sector ${i}).`;
  });
  offerId = (await call(t, 'POST', '/offers', { token: ke.token, body: { ...doc, submittedToAU: true } })).body.payload
    .id;
});
afterAll(() => t.close());

/** Senegal answers Kenya's 150-sector offer, changing mode 3 of every tenth sector. */
async function counterOffer(): Promise<string> {
  const original = (await call(t, 'GET', `/offers/${offerId}`, { token: sn.token })).body.payload;
  const doc = buildOfferDocument(0);
  doc.sectors = original.sectors;
  doc.sectors.forEach((s: any, i: number) => {
    if (i % 10 === 0) {
      s.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
      s.sectorCommitement.limitationsMA.commercialPresence.hasChanged = true;
    }
  });
  const res = await call(t, 'POST', `/response-offer/${offerId}`, { token: sn.token, body: { offer: doc } });
  expect(res.status).toBe(200);
  return res.body.payload.id;
}

async function attachedPdf(key: string, token: string) {
  const file = await download(t, token, `/file/aws/download/${encodeURIComponent(key)}`);
  expect(file.status).toBe(200);
  return file.data;
}

describe('POST /response-offer/file/{id} without a file', () => {
  it('makes the PDF of a 150-sector counter offer on the server, with text on every page', async () => {
    const id = await counterOffer();
    const res = await fetch(`${t.api}/response-offer/file/${id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sn.token}` },
    });
    expect(res.status).toBe(200);
    const summary = (await res.json()).payload;
    expect(summary.pdfFileKey).toBeTruthy();

    const pdf = await attachedPdf(summary.pdfFileKey, ke.token);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdfPages(pdf).map(stripBidi);
    expect(pages.length).toBeGreaterThan(5);
    pages.forEach((page, i) => {
      expect(page.replace(/\s/g, '').length).toBeGreaterThan(50);
      expect(page).toMatch(new RegExp(`\\b${i + 1} ?/ ?${pages.length}\\b`));
    });
    // The column headings are repeated on every page the sector table runs over.
    for (const page of pages.slice(1, -1)) expect(page).toContain('Secteur ou sous-secteur');
    const text = pages.join('\n');
    // The caller's profile language (French); the last sector is there: nothing is cut.
    expect(text).toContain('Contre-offre présentée par : Sénégal');
    expect(text).toContain('3) Néant');
    expect(text).toContain('antérieurement : Foreign equity');
    expect(text).toContain(`86${SECTORS}`);
  }, 60_000);

  it('accepts an empty JSON body, a JSON object or a multipart body without a file, and ?lang=', async () => {
    const id = await counterOffer();
    const post = (init: RequestInit, query = '') =>
      fetch(`${t.api}/response-offer/file/${id}${query}`, {
        method: 'POST',
        ...init,
        headers: { authorization: `Bearer ${sn.token}`, ...(init.headers as Record<string, string>) },
      });
    const form = new FormData();
    form.append('note', 'no file here');
    for (const res of [
      await post({ headers: { 'content-type': 'application/json' } }),
      await post({ headers: { 'content-type': 'application/json' }, body: '{}' }),
      await post({ body: form }),
    ]) {
      expect(res.status).toBe(200);
      expect((await res.json()).payload.pdfFileKey).toBeTruthy();
    }
    const arabic = await post({}, '?lang=ar');
    expect(arabic.status).toBe(200);
    const text = stripBidi(pdfPages(await attachedPdf((await arabic.json()).payload.pdfFileKey, sn.token)).join('\n'));
    expect(text).toContain('عرض مضاد');
    expect(text).toContain('8610');
    expect(text).not.toContain('Contre-offre');
    expect((await post({}, '?lang=de')).status).toBe(400);
  }, 60_000);

  it('still takes a PDF the client uploads', async () => {
    const id = await counterOffer();
    const pdf = Buffer.from('%PDF-1.4\n% uploaded by the client\n%%EOF\n');
    const res = await upload(t, sn.token, 'counter.pdf', pdf, `/response-offer/file/${id}`);
    expect(res.status).toBe(200);
    expect((await attachedPdf(res.body.payload.pdfFileKey, sn.token)).equals(pdf)).toBe(true);
  });

  it("refuses the offer's own country (403) and a third country (404) before making anything", async () => {
    const id = await counterOffer();
    expect(
      (
        await fetch(`${t.api}/response-offer/file/${id}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${ke.token}` },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await fetch(`${t.api}/response-offer/file/${id}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${gh.token}` },
        })
      ).status,
    ).toBe(404);
  });
});

describe('a counter offer of an offer stored without sector ids', () => {
  it('marks exactly the entries that changed, whatever the order of its sectors', async () => {
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const schedule = buildOfferDocument(50);
    schedule.sectors.forEach((s, i) => {
      s.sectorCommitement.limitationsMA.crossBorder.value = `Unbound except for sector ${i}.`;
    });
    const created = await call(t, 'POST', '/offers', {
      token: ng.token,
      body: { ...schedule, submittedToAU: true },
    });
    expect(created.status).toBe(200);
    const id = created.body.payload.id;
    // Stored before every sector had an id: the draft and the submitted version carry empty ones.
    const stripped = (await call(t, 'GET', `/offers/${id}`, { token: ng.token })).body.payload;
    const bare = { ...stripped, sectors: stripped.sectors.map((s: any) => ({ ...s, sectorId: '' })) };
    await t.ctx.db.update(offers).set({ document: bare }).where(eq(offers.id, id));
    await t.ctx.db
      .update(offerVersions)
      .set({ snapshot: bare })
      .where(and(eq(offerVersions.offerId, id), eq(offerVersions.number, 1)));

    // Ghana answers with the sectors in reverse order, no ids, and four entries changed.
    const doc = buildOfferDocument(0);
    doc.sectors = bare.sectors.map((s: any) => structuredClone(s)).reverse();
    for (const i of [3, 11, 27, 40]) doc.sectors[i]!.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
    const counter = await call(t, 'POST', `/response-offer/${id}`, { token: gh.token, body: { offer: doc } });
    expect(counter.status).toBe(200);
    // And the counter offer stored before too.
    await t.ctx.db.update(responseOffers).set({ document: doc }).where(eq(responseOffers.id, counter.body.payload.id));
    const res = await fetch(`${t.api}/response-offer/file/${counter.body.payload.id}?lang=en`, {
      method: 'POST',
      headers: { authorization: `Bearer ${gh.token}` },
    });
    expect(res.status).toBe(200);
    const text = stripBidi(pdfPages(await attachedPdf((await res.json()).payload.pdfFileKey, gh.token)).join('\n'));
    // One "was:" per changed entry, besides the legend that explains the mark.
    expect(text).toContain('the original follows “was:”');
    expect(text.match(/\bwas: /g) ?? []).toHaveLength(4);
  }, 60_000);
});
