import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { ContractChecker } from '../../test/contract.js';
import { call, tokenRequest, upload } from '../../test/http.js';
import { newRoom, userWithToken } from '../../test/factories.js';
import { buildOfferDocument, countryOffer } from '../../test/offer-factory.js';

// The OpenAPI document against the server's real answers: a sample of calls of every area, successes and refusals,
// each checked by the harness's contract check (status declared, body valid against the document's schema). The other
// Every API test app runs the same check (test/harness.ts) unless it is turned off.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { contract: true });
});
afterAll(() => t.close());

const expectNoBreach = () => expect(t.contractBreaches()).toEqual([]);

describe('the document allows what the server answers', () => {
  it('public calls, and refusals of anonymous and of other roles', async () => {
    for (const path of ['/home', '/countries', '/regions', '/client-config', '/captcha/challenge']) {
      expect((await call(t, 'GET', path)).status).toBe(200);
    }
    expect((await call(t, 'GET', '/offers')).status).toBe(401);
    expect((await call(t, 'GET', '/countries?name=%00')).status).toBe(400);
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    expect((await call(t, 'GET', '/users', { token: chief.token })).status).toBe(403);
    expect((await call(t, 'GET', '/profile/current', { token: chief.token })).status).toBe(200);
    expect((await call(t, 'PUT', '/profile/language', { token: chief.token, body: { language: 'xx' } })).status).toBe(
      400,
    );
    expect((await tokenRequest(t, { grant_type: 'mfa', username: 'nobody@example.org', password: 'x' })).status).toBe(
      400,
    );
    expect((await tokenRequest(t, { grant_type: 'mfa' }, null)).status).toBe(401);
    expectNoBreach();
  });

  it('offers: reading, saving, a stale save, a second offer, an unknown id', async () => {
    const offer = await countryOffer(t, 'UG', 'submitted');
    const { chief, focal } = offer;
    expect((await call(t, 'GET', '/offers', { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', `/offers/${offer.id}`, { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', `/offers/version/${offer.id}`, { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', '/offers/999999999', { token: chief.token })).status).toBe(404);
    const again = await call(t, 'POST', '/offers', { token: focal.token, body: buildOfferDocument(1) });
    expect(again.status).toBe(409);
    const stale = await call(t, 'PUT', `/offers/${offer.id}`, {
      token: chief.token,
      body: { ...buildOfferDocument(2), revision: offer.revision - 1 },
    });
    expect(stale.status).toBeGreaterThanOrEqual(400);
    expect((await call(t, 'GET', `/offers/checkOpenOffer/${offer.id}`, { token: chief.token })).status).toBe(200);
    expect((await call(t, 'DELETE', `/offers/checkOpenOffer/${offer.id}`, { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', '/response-offer', { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', '/request-offer', { token: chief.token })).status).toBe(200);
    expect((await call(t, 'GET', '/coverage', { token: chief.token })).status).toBe(200);
    expectNoBreach();
  });

  it('the service trees, chat, notifications, files and the back office', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    expect((await call(t, 'GET', '/arrays', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/arrays-filter?services=1.A', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/sector-groups', { token: staff.token })).status).toBe(200);
    const room = await call(t, 'POST', '/chats/addRomes', { token: staff.token, body: newRoom('Contract', []) });
    expect(room.status).toBeLessThan(500);
    expect((await call(t, 'GET', '/chats/getAllRomes', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/chats/getRoomById/999999', { token: staff.token })).status).toBe(404);
    expect((await call(t, 'GET', '/notifications/my', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/users', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/users/export?format=csv', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/dashboard', { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', '/cms/', { token: staff.token })).status).toBe(200);
    expect((await upload(t, staff.token, 'note.txt', Buffer.from('hello'))).status).toBeLessThan(500);
    expectNoBreach();
  });

  it('bodies too large, of an unsupported type, or not JSON at all', async () => {
    const user = await userWithToken(t);
    const large = await call(t, 'PUT', '/profile', { token: user.token, body: { firstName: 'x'.repeat(2_000_000) } });
    expect(large.status).toBe(413);
    const text = await call(t, 'PUT', '/profile', {
      token: user.token,
      body: '<profile/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(text.status).toBe(415);
    const broken = await call(t, 'PUT', '/profile', { token: user.token, body: '{"firstName":' });
    expect(broken.status).toBe(400);
    expectNoBreach();
  });
});

describe('the contract check itself', () => {
  it('fails a status the operation does not declare, and a body its schema refuses', () => {
    const checker = new ContractChecker(t.app.swagger() as Record<string, any>);
    const answer = { method: 'GET', route: '/api/countries', json: true };
    expect(checker.check({ ...answer, status: 409, body: {} })).toMatchObject({
      problem: 'this status is not declared',
    });
    expect(checker.check({ ...answer, status: 400, body: { message: 'x' } })).toMatchObject({
      problem: expect.stringMatching(/^body:/),
    });
    expect(checker.check({ ...answer, status: 400, body: { message: 'x', code: 'VALIDATION' } })).toBeUndefined();
    expect(
      checker.check({
        ...answer,
        method: 'POST',
        route: '/api/offers',
        status: 400,
        body: { message: 'x', code: 'NO' },
      }),
    ).toMatchObject({ problem: expect.stringMatching(/^body:/) });
  });
});
