import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, twoInstancesWithRedis, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { TEST_PASSWORD, buildUser, signIn, userWithToken } from '../../test/factories.js';
import { must } from '../../test/must.js';
import { countries, sessions } from '../db/schema/index.js';
import { SessionCache } from './session-cache.js';
import { only } from '../lib/only.js';

/** The session an access token belongs to (its `sid` claim). */
const sessionOf = (token: string): string =>
  JSON.parse(Buffer.from(must(token.split('.')[1]), 'base64url').toString('utf8')).sid as string;

/** Marks a session revoked in the database behind the app's back (no event): only the cache can still answer. */
const revokeQuietly = (t: TestApp, token: string) =>
  t.ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'test' })
    .where(eq(sessions.id, sessionOf(token)));

const current = async (t: TestApp, token: string) => (await call(t, 'GET', '/profile/current', { token })).status;

describe('the signed-in check with its session cache on (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('is on by default for 30 seconds', () => {
    expect(t.config.sessionCacheSeconds).toBe(30);
    expect(t.ctx.sessionCache.enabled).toBe(true);
  });

  it('answers a second call from memory: a session ended behind its back still passes within the time limit', async () => {
    const user = await userWithToken(t);
    expect(await current(t, user.token)).toBe(200);
    await revokeQuietly(t, user.token);
    expect(await current(t, user.token)).toBe(200);
  });

  it('refuses a signed-out session on its very next call', async () => {
    const user = await userWithToken(t);
    expect(await current(t, user.token)).toBe(200);
    expect(await current(t, user.token)).toBe(200);
    expect((await call(t, 'POST', '/log/logout', { token: user.token })).status).toBe(200);
    expect(await current(t, user.token)).toBe(401);
  });

  it('refuses every session of a deactivated user on their next call', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const user = await buildUser(t);
    const [first, second] = [await signIn(t, user), await signIn(t, user)];
    for (const token of [first.access_token, second.access_token]) expect(await current(t, token)).toBe(200);
    const res = await call(t, 'PUT', `/users/${user.id}/status`, { token: admin.token, body: { status: 'DISABLED' } });
    expect(res.status).toBe(200);
    for (const token of [first.access_token, second.access_token]) expect(await current(t, token)).toBe(401);
  });

  it("refuses a deactivated country's users on their next call, and no one else", async () => {
    const admin = await userWithToken(t, { role: 'ADMIN', country: null });
    const togolese = await userWithToken(t, { country: 'TG' });
    const kenyan = await userWithToken(t, { country: 'KE' });
    for (const u of [togolese, kenyan]) expect(await current(t, u.token)).toBe(200);
    const tg = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'TG')));
    const off = await call(t, 'PUT', `/countries/${tg.id}/active`, { token: admin.token, body: { active: false } });
    try {
      expect(off.status).toBe(200);
      expect(await current(t, togolese.token)).toBe(401);
      expect(await current(t, kenyan.token)).toBe(200);
    } finally {
      await call(t, 'PUT', `/countries/${tg.id}/active`, { token: admin.token, body: { active: true } });
    }
  });

  it('ends every session on a password change, the other signed-in device included', async () => {
    const user = await buildUser(t);
    const [here, elsewhere] = [await signIn(t, user), await signIn(t, user)];
    for (const tokens of [here, elsewhere]) expect(await current(t, tokens.access_token)).toBe(200);
    const res = await call(t, 'POST', '/profile/reset', {
      token: here.access_token,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'Another#2026pass', confirmPassword: 'Another#2026pass' },
    });
    expect(res.status).toBe(200);
    for (const tokens of [here, elsewhere]) expect(await current(t, tokens.access_token)).toBe(401);
  });

  it('reads the user afresh after they edit their profile (email and language are part of what it keeps)', async () => {
    const user = await userWithToken(t);
    const before = (await call(t, 'GET', '/profile/current', { token: user.token })).body.payload;
    expect(t.ctx.sessionCache.recall(sessionOf(user.token))?.language).toBe('en');
    const body = {
      firstName: before.firstName,
      lastName: before.lastName,
      email: user.email,
      oldPassword: TEST_PASSWORD,
      language: 'fr',
    };
    expect((await call(t, 'PUT', '/profile', { token: user.token, body })).status).toBe(200);
    expect(t.ctx.sessionCache.recall(sessionOf(user.token))).toBeUndefined();
    expect(await current(t, user.token)).toBe(200);
    expect(t.ctx.sessionCache.recall(sessionOf(user.token))?.language).toBe('fr');
  });
});

describe('the session cache off or expired', () => {
  it('asks the database on every call with SESSION_CACHE_SECONDS=0', async () => {
    const t = await startTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await userWithToken(t);
      expect(await current(t, user.token)).toBe(200);
      await revokeQuietly(t, user.token);
      expect(await current(t, user.token)).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('forgets a session after its time limit', async () => {
    const t = await startTestApp({ SESSION_CACHE_SECONDS: '1' });
    try {
      const user = await userWithToken(t);
      expect(await current(t, user.token)).toBe(200);
      await revokeQuietly(t, user.token);
      expect(await current(t, user.token)).toBe(200);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await current(t, user.token)).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('keeps at most its size limit, and does not remember a lookup that a drop overtook', () => {
    const cache = new SessionCache(30, 2);
    const actor = (n: number) => ({
      id: `u${n}`,
      email: `${n}@example.org`,
      role: 'SERVICE_FOCAL_POINT' as const,
      countryId: 1,
      regionId: 1,
      language: 'en',
      sessionId: `s${n}`,
    });
    for (const n of [1, 2, 3]) cache.remember(actor(n), cache.epoch);
    expect(cache.size).toBe(2);
    expect(cache.recall('s1')).toBeUndefined();
    const epoch = cache.epoch;
    cache.drop({ sessionIds: ['s4'] });
    cache.remember(actor(4), epoch);
    expect(cache.recall('s4')).toBeUndefined();
  });
});

describe('two instances on one database and Redis', () => {
  const pair = twoInstancesWithRedis();

  it('refuses on B the very next call of a session signed out on A', async () => {
    const { a, b } = pair;
    const user = await userWithToken(a);
    expect(await current(b, user.token)).toBe(200);
    expect(await current(b, user.token)).toBe(200);
    expect((await call(a, 'POST', '/log/logout', { token: user.token })).status).toBe(200);
    expect(await current(b, user.token)).toBe(401);
  });

  it('refuses on B the very next call of a user deactivated on A', async () => {
    const { a, b } = pair;
    const admin = await userWithToken(a, { role: 'ADMIN', country: null });
    const user = await userWithToken(a);
    expect(await current(b, user.token)).toBe(200);
    const res = await call(a, 'PUT', `/users/${user.id}/status`, { token: admin.token, body: { status: 'DISABLED' } });
    expect(res.status).toBe(200);
    expect(await current(b, user.token)).toBe(401);
  });
});
