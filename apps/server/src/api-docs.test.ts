import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { call } from '../test/http.js';
import { userWithToken } from '../test/factories.js';

describe('API documentation (API_DOCS, default staff)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is refused to visitors and to country users, served to the secretariat', async () => {
    expect(await call(t, 'GET', '/docs/json')).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    expect((await fetch(`${t.api}/docs`)).status).toBe(401);
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    expect(await call(t, 'GET', '/docs/json', { token: chief.token })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN' },
    });
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const res = await call(t, 'GET', '/docs/json', { token: staff.token });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
  });

  it("limits the page's connections to its own origin (no ws:/wss: to any host)", async () => {
    const res = await fetch(`${t.api}/client-config`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
    expect(csp).not.toMatch(/\bwss?:/);
  });
});

describe('API documentation off (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ API_DOCS: 'off' });
  });
  afterAll(() => t.close());

  it('is not served at all, not even to the secretariat', async () => {
    const staff = await userWithToken(t, { role: 'ADMIN' });
    expect(await call(t, 'GET', '/docs/json', { token: staff.token })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    });
  });
});
