/**
 * The secretariat's send-back reaches the editor of the returned offer: the version says who
 * sent it back, when, and why, to the offer's own country only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let chief: Signed, focal: Signed, other: Signed, staff: Signed;
let id: string;
const COMMENT = 'Please bind mode 3 for legal services.';

beforeAll(async () => {
  t = await startTestApp();
  chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
  focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  id = (
    await call(t, 'POST', '/offers', { token: chief.token, body: { ...buildOfferDocument(1), submittedToAU: true } })
  ).body.payload.id;
  expect(
    (await call(t, 'POST', `/offers/${id}/return`, { token: staff.token, body: { comment: COMMENT } })).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('a returned offer', () => {
  it('tells its own country who sent it back, when and why', async () => {
    const staffName = (await call(t, 'GET', '/profile/current', { token: staff.token })).body.payload;
    for (const who of [focal, chief]) {
      const offer = (await call(t, 'GET', `/offers/${id}`, { token: who.token })).body.payload;
      expect(offer.status).toBe('RETURNED');
      expect(offer.offerVersions.at(-1)).toMatchObject({
        status: 'RETURNED',
        comment: COMMENT,
        decidedByName: `${staffName.firstName} ${staffName.lastName}`,
        decidedAt: expect.any(String),
      });
    }
  });

  it('tells another country neither the comment nor who decided', async () => {
    const offer = (await call(t, 'GET', `/offers/${id}`, { token: other.token })).body.payload;
    expect(offer.offerVersions.at(-1)).toMatchObject({ status: 'RETURNED', comment: null, decidedByName: null });
  });
});
