import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { signIn } from '../../test/factories.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: 'true' });
});
afterAll(() => t.close());

describe('demo data', () => {
  it('seeds one account per role, each able to sign in with the demo password', async () => {
    const expected = {
      'admin@portal.test': ['ADMIN', null],
      'secretariat@portal.test': ['AFRICAN_UNION', null],
      'chief.ke@portal.test': ['CHIEF_NEGOTIATOR', 'KE'],
      'focal.ke@portal.test': ['SERVICE_FOCAL_POINT', 'KE'],
      'chief.sn@portal.test': ['CHIEF_NEGOTIATOR', 'SN'],
      'advisor@portal.test': ['REGIONAL_ADVISOR', null],
    };
    expect(DEMO_ACCOUNTS.map((a) => a.email).sort()).toEqual(Object.keys(expected).sort());
    for (const [email, [role, country]] of Object.entries(expected)) {
      const tokens = await signIn(t, { email, password: DEMO_PASSWORD });
      const profile = (await call(t, 'GET', '/profile/current', { token: tokens.access_token })).body.payload;
      expect(profile).toMatchObject({ email, role, countryCode: country });
    }
  });

  it('is idempotent', async () => {
    expect(await seedDemo(t.ctx.db)).toBe(0);
  });

  it('is not seeded when the configuration says so (the default with a PostgreSQL server)', async () => {
    const bare = await startTestApp({ SEED_DEMO: 'false' });
    try {
      const res = await call(bare, 'POST', '/oauth/token', {
        body: new URLSearchParams({
          grant_type: 'mfa',
          username: 'admin@portal.test',
          password: DEMO_PASSWORD,
        }).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`,
        },
      });
      expect(res.status).toBe(400);
    } finally {
      await bare.close();
    }
  });
});
