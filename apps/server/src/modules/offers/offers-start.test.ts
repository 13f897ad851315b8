/**
 * GET /offers/start: the offers screen's start reads in one answer, each part the answer its own call gives to the
 * same caller — the same body, the same rows (another country's offers never), the same refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offersStartSchema } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countryOffer } from '../../../test/offer-factory.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const start = (token?: string) => call(t, 'GET', '/offers/start', { token });

describe('GET /offers/start', () => {
  it('requires authentication', async () => {
    expect((await start()).status).toBe(401);
  });

  it('answers each part as its own call does for the same user', async () => {
    const { chief } = await countryOffer(t, 'UG');
    await countryOffer(t, 'ZM');
    const secretariat = await userWithToken(t, { role: 'AFRICAN_UNION' });
    for (const user of [chief, secretariat]) {
      const res = await start(user.token);
      expect(res.status).toBe(200);
      const parts = offersStartSchema.parse(res.body.payload);
      const own = {
        profile: await call(t, 'GET', '/profile/current', { token: user.token }),
        offers: await call(t, 'GET', '/offers', { token: user.token }),
        responses: await call(t, 'GET', '/response-offer', { token: user.token }),
      };
      for (const name of ['profile', 'offers', 'responses'] as const)
        expect(parts[name], name).toEqual({ status: own[name].status, body: own[name].body });
    }
  });

  it("lists only the caller's country's offers", async () => {
    const { id: own, chief } = await countryOffer(t, 'RW');
    const { id: other } = await countryOffer(t, 'TZ');
    const parts = offersStartSchema.parse((await start(chief.token)).body.payload);
    const ids = (parts.offers.body as { payload: { id: string }[] }).payload.map((o) => o.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(other);
  });
});
