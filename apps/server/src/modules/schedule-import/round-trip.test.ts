import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES_OF_SUPPLY, type OfferDocument, type Sector } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { download } from '../../../test/read-back.js';
import { scheduleDocument, serviceTree } from '../../../test/schedule-offer.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let ke: Signed;
let offerId: string;
let original: OfferDocument, stored: OfferDocument;

beforeAll(async () => {
  t = await startTestApp();
  ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  original = scheduleDocument(await serviceTree(t, ke.token), 24);
  const created = await call(t, 'POST', '/offers', { token: ke.token, body: original });
  expect(created.status).toBe(200);
  offerId = created.body.payload.id;
  // The offer as stored: the save gives each service and each CPC code its own sector.
  stored = (await call(t, 'GET', `/offers/${offerId}`, { token: ke.token })).body.payload;
  expect(stored.sectors.length).toBeGreaterThan(original.sectors.length);
});
afterAll(() => t.close());

/** What a sector's entries say, keyed by its services: what the round trip must keep value for value. */
function entries(sector: Sector) {
  const c = sector.sectorCommitement;
  const block = (b: typeof c.limitationsMA) =>
    MODES_OF_SUPPLY.map((m) => [b[m].value, b[m].hasComment && b[m].comment, b[m].isChecked, b[m].isCheckedLiberation]);
  return {
    type: sector.type,
    services: sector.services.map((s) => s.key),
    codes: sector.codes,
    details: sector.details,
    provisional: sector.provisional_codes,
    cpc: sector.cpc_codes,
    ma: block(c.limitationsMA),
    nt: block(c.limitationsOnNationalTreatment),
    additional: c.additionalCommitment.commitment,
  };
}

/** The entries of every sector, in a stable order (the stored order is the order of entry, a document's is W/120). */
const byServices = (sectors: Sector[]) => sectors.map((s) => JSON.stringify(entries(s))).sort();

describe("the portal's own exports import back to the same entries", () => {
  it.each([
    ['docx', 'en', 'GH'],
    ['xlsx', 'en', 'SN'],
    ['docx', 'fr', 'NG'],
    ['xlsx', 'fr', 'ZA'],
    ['docx', 'ar', 'EG'],
    ['xlsx', 'ar', 'TZ'],
  ])('%s in %s', async (format, lang, country) => {
    // Another country imports the file and saves it as its own offer.
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country });
    const file = await download(t, ke.token, `/offers/${offerId}/export?format=${format}&lang=${lang}`);
    expect(file.status).toBe(200);
    const res = await upload(t, other.token, `schedule.${format}`, file.data, '/offers/import');
    expect(res.status).toBe(200);
    const { offer, warnings } = res.body.payload as { offer: OfferDocument; warnings: unknown[] };
    expect(warnings).toEqual([]);
    expect(offer.sectors).toHaveLength(stored.sectors.length);
    expect(byServices(offer.sectors)).toEqual(byServices(stored.sectors));
    // The horizontal commitments come back as rows of text, the MFN exemption too.
    expect(offer.geenralCommitement[0]?.[1]?.value).toBe(
      '<p>3) Foreign investment above USD 1 million requires approval.</p>',
    );
    expect(offer.geenralCommitementCon[0]?.[0]?.value).toBe('<p>Road transport</p>');
    // What the import answers is what POST /offers takes.
    const saved = await call(t, 'POST', '/offers', { token: other.token, body: offer });
    expect(saved.status).toBe(200);
    await call(t, 'DELETE', `/offers/checkOpenOffer/${saved.body.payload.id}`, { token: other.token });
  });
});
