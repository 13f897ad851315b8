/**
 * GET /offers/{id}/editor: the editor's four start reads in one answer, each part the answer its own call gives —
 * the same body, the same refusal — and the edit lease taken as GET /offers/checkOpenOffer/{id} takes it.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES, offerEditorStartSchema } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, rawGet } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countryOffer } from '../../../test/offer-factory.js';
import { offerLeases } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const start = (id: string, token?: string) => call(t, 'GET', `/offers/${id}/editor`, { token });
const leaseHolder = async (id: string) =>
  (await t.ctx.db.select().from(offerLeases).where(eq(offerLeases.offerId, id)))[0]?.userId;

describe('GET /offers/:id/editor', () => {
  it('requires authentication', async () => {
    const { id } = await countryOffer(t, 'ZM');
    expect((await start(id)).status).toBe(401);
  });

  it("answers each part as its own call does, and takes the edit lease for the caller's session", async () => {
    const { id, chief } = await countryOffer(t, 'UG');
    const res = await start(id, chief.token);
    expect(res.status).toBe(200);
    const parts = offerEditorStartSchema.parse(res.body.payload);
    expect(await leaseHolder(id)).toBe(chief.id);
    const own = {
      profile: await call(t, 'GET', '/profile/current', { token: chief.token }),
      offer: await call(t, 'GET', `/offers/${id}`, { token: chief.token }),
      acceptedEntries: await call(t, 'GET', `/offers/${id}/accepted-entries`, { token: chief.token }),
    };
    for (const name of ['profile', 'offer', 'acceptedEntries'] as const)
      expect(parts[name], name).toEqual({ status: 200, body: own[name].body });
    expect(parts.lease.status).toBe(200);
    expect(parts.lease.body).toMatchObject({ payload: { offerId: id, heartbeatSeconds: expect.any(Number) } });
  });

  it('is compressed as the browser accepts it (the 150-sector offer travels inside it)', async () => {
    const { id, chief } = await countryOffer(t, 'BW');
    const res = await rawGet(`${t.api}/offers/${id}/editor`, {
      authorization: `Bearer ${chief.token}`,
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const parts = offerEditorStartSchema.parse(JSON.parse(zlib.brotliDecompressSync(res.body).toString()).payload);
    expect(parts.offer.status).toBe(200);
  });

  it('refuses a part as its call would, and answers the others', async () => {
    const { id, chief, focal } = await countryOffer(t, 'ZW');
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${id}`, { token: chief.token })).status).toBe(200);
    const parts = offerEditorStartSchema.parse((await start(id, focal.token)).body.payload);
    expect(parts.lease).toEqual({ status: 409, body: { code: 'NOT_OPEN', message: MESSAGES.offerAlreadyOpened } });
    expect(parts.offer.status).toBe(200);
    expect(parts.profile.status).toBe(200);
    // The refusal changed nothing: the chief negotiator still holds the lease.
    expect(await leaseHolder(id)).toBe(chief.id);
  });

  it("gives another country's user no offer, no lease and no entries: each part 404 or 403", async () => {
    const { id } = await countryOffer(t, 'MW');
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const parts = offerEditorStartSchema.parse((await start(id, other.token)).body.payload);
    const single = async (path: string) => (await call(t, 'GET', path, { token: other.token })).status;
    expect(parts.offer.status).toBe(await single(`/offers/${id}`));
    expect(parts.lease.status).toBe(await single(`/offers/checkOpenOffer/${id}`));
    expect(parts.acceptedEntries.status).toBe(await single(`/offers/${id}/accepted-entries`));
    expect([parts.offer.status, parts.lease.status, parts.acceptedEntries.status].every((s) => s >= 400)).toBe(true);
    expect(parts.profile.status).toBe(200);
    expect(await leaseHolder(id)).toBeUndefined();
  });

  it('answers an unknown or hostile id with each part refused, never a 5xx', async () => {
    const viewer = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NA' });
    for (const id of ['00000000-0000-0000-0000-000000000000', 'not-an-id', '..%2F..%2Fprofile', "x'; drop"]) {
      const res = await start(encodeURIComponent(id), viewer.token);
      expect(res.status, id).toBeLessThan(500);
      if (res.status !== 200) continue;
      const parts = offerEditorStartSchema.parse(res.body.payload);
      for (const name of ['offer', 'acceptedEntries', 'lease'] as const)
        expect(parts[name].status, `${id} ${name}`).toBeGreaterThanOrEqual(400);
    }
  });
});
