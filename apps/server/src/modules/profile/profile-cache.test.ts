import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, twoInstancesWithRedis, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { TEST_PASSWORD, userWithToken } from '../../../test/factories.js';
import { countries, users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

/** GET /api/profile/current as the web app calls it on every screen. */
const current = async (t: TestApp, token: string) => (await call(t, 'GET', '/profile/current', { token })).body.payload;

/** Renames a user in the database behind the app's back (no event): only the remembered profile can still answer. */
const renameQuietly = (t: TestApp, userId: string, firstName: string) =>
  t.ctx.db.update(users).set({ firstName }).where(eq(users.id, userId));

const edit = (t: TestApp, token: string, changes: Record<string, string>) =>
  current(t, token).then((p) =>
    call(t, 'PUT', '/profile', {
      token,
      body: { firstName: p.firstName, lastName: p.lastName, email: p.email, oldPassword: TEST_PASSWORD, ...changes },
    }),
  );

describe('GET /api/profile/current kept in memory', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers a repeated call from memory, without reading the database again', async () => {
    const user = await userWithToken(t);
    const first = await current(t, user.token);
    await renameQuietly(t, user.id, 'Behind');
    expect(await current(t, user.token)).toEqual(first);
  });

  it('shows a profile edit in its own answer and on the very next call', async () => {
    const user = await userWithToken(t);
    await current(t, user.token);
    const res = await edit(t, user.token, { firstName: 'Amina', title: 'Trade officer' });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ firstName: 'Amina', title: 'Trade officer' });
    expect(await current(t, user.token)).toMatchObject({ firstName: 'Amina', title: 'Trade officer' });
  });

  it('shows a language chosen in the header in its own answer and on the very next call', async () => {
    const user = await userWithToken(t);
    expect((await current(t, user.token)).language).toBe('en');
    const res = await call(t, 'PUT', '/profile/language', { token: user.token, body: { language: 'ar' } });
    expect(res.status).toBe(200);
    expect(res.body.payload.language).toBe('ar');
    expect((await current(t, user.token)).language).toBe('ar');
  });

  it('shows a role and country changed by an administrator on the very next call', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const user = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    expect(await current(t, user.token)).toMatchObject({ role: 'SERVICE_FOCAL_POINT', countryCode: 'KE' });
    const ng = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'NG')));
    const body = { role: 'CHIEF_NEGOTIATOR', countryId: ng.id };
    expect((await call(t, 'PUT', `/users/${user.id}/role`, { token: admin.token, body })).status).toBe(200);
    expect(await current(t, user.token)).toMatchObject({ role: 'CHIEF_NEGOTIATOR', countryCode: 'NG' });
  });

  it('refuses a deactivated user on the very next call, remembered profile or not', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const user = await userWithToken(t);
    await current(t, user.token);
    const res = await call(t, 'PUT', `/users/${user.id}/status`, { token: admin.token, body: { status: 'DISABLED' } });
    expect(res.status).toBe(200);
    expect((await call(t, 'GET', '/profile/current', { token: user.token })).status).toBe(401);
  });
});

describe('the remembered profile on two instances', () => {
  const pair = twoInstancesWithRedis();

  it('shows on B the very next call after a profile edited on A', async () => {
    const { a, b } = pair;
    const user = await userWithToken(a);
    await current(b, user.token);
    expect((await edit(a, user.token, { lastName: 'Okafor' })).status).toBe(200);
    expect((await current(b, user.token)).lastName).toBe('Okafor');
  });
});
