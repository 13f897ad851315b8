import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SECTOR_RULE_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument, sectorWith } from '../../../test/offer-factory.js';
import { offerVersions, offers } from '../../db/schema/index.js';

/**
 * The sector-choice rules (spec section 5) apply to what is sent, never to what is answered: an offer stored before
 * a rule existed still opens, so that it can be corrected, and only saving it unchanged is refused.
 */
let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let chief: Signed, other: Signed, staff: Signed;
let offerId: string;

const legal = { title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' };
const courier = { title: 'Courier services', value: '2.B', key: 'W120:2.B' };
/** Services of two first-level sectors in one sector: allowed before the rule, refused by it now. */
const broken = () =>
  buildOfferDocument(0, {
    sectors: [
      sectorWith('1.A.a', 'Legal services', { type: 'W_120', services: [legal, courier], provisional_codes: ['861'] }),
    ],
  });

beforeAll(async () => {
  t = await startTestApp();
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  const created = await call(t, 'POST', '/offers', {
    token: chief.token,
    body: { ...buildOfferDocument(1), submittedToAU: true },
  });
  expect(created.status).toBe(200);
  offerId = created.body.payload.id;
  // Stored before the rule: the draft and the submitted version both break it.
  await t.ctx.db.update(offers).set({ document: broken() }).where(eq(offers.id, offerId));
  await t.ctx.db
    .update(offerVersions)
    .set({ snapshot: broken() })
    .where(and(eq(offerVersions.offerId, offerId), eq(offerVersions.number, 1)));
});
afterAll(() => t.close());

describe('an offer stored before the sector-choice rules', () => {
  it('still loads: the draft, the submitted version, one version and the counter-offer screen', async () => {
    const draft = await call(t, 'GET', `/offers/${offerId}`, { token: chief.token });
    expect(draft.status, JSON.stringify(draft.body).slice(0, 300)).toBe(200);
    expect(draft.body.payload.sectors[0].services).toEqual([legal, courier]);
    const submitted = await call(t, 'GET', `/offers/${offerId}`, { token: other.token });
    expect(submitted.status).toBe(200);
    expect(submitted.body.payload.versionShown).toBe(1);
    expect((await call(t, 'GET', `/offers/version/${offerId}/1`, { token: other.token })).status).toBe(200);
    // Translating what was loaded reads it; nothing is stored.
    const translated = await call(t, 'POST', '/offers/translateOffer?lang=fr', {
      token: other.token,
      body: submitted.body.payload,
    });
    expect(translated.status, JSON.stringify(translated.body).slice(0, 300)).toBe(200);
  });

  it('can be sent back by the secretariat (its answer is the offer too)', async () => {
    const res = await call(t, 'POST', `/offers/${offerId}/return`, {
      token: staff.token,
      body: { comment: 'Split legal and courier services into two sectors.' },
    });
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.payload.status).toBe('RETURNED');
  });

  it("refuses saving it unchanged with the rule's 400, and accepts the corrected document", async () => {
    const loaded = (await call(t, 'GET', `/offers/${offerId}`, { token: chief.token })).body.payload;
    const unchanged = await call(t, 'PUT', `/offers/${offerId}`, {
      token: chief.token,
      body: { ...loaded, submittedToAU: false },
    });
    expect(unchanged).toMatchObject({
      status: 400,
      body: { message: SECTOR_RULE_MESSAGES.oneSector, code: 'VALIDATION' },
    });

    const corrected = { ...loaded, sectors: [{ ...loaded.sectors[0], services: [legal] }], submittedToAU: false };
    const saved = await call(t, 'PUT', `/offers/${offerId}`, { token: chief.token, body: corrected });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    const stored = (await call(t, 'GET', `/offers/${offerId}`, { token: chief.token })).body.payload;
    expect(stored.sectors[0].services).toEqual([legal]);
  });
});
