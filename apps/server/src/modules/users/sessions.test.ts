/**
 * Active sessions and "sign out everywhere": an administrator for any user, a user for themself. Ended
 * sessions stop at once: their access tokens are refused on the next call and their refresh tokens no longer work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, tokenRequest } from '../../../test/http.js';
import { buildUser, signIn, userWithToken } from '../../../test/factories.js';
import { auditLogs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const current = (token: string) => call(t, 'GET', '/profile/current', { token });

describe('GET and DELETE /users/:id/sessions', () => {
  it('requires authentication and refuses other roles, the secretariat included', async () => {
    const user = await userWithToken(t);
    expect((await call(t, 'GET', `/users/${user.id}/sessions`)).status).toBe(401);
    expect((await call(t, 'DELETE', `/users/${user.id}/sessions`)).status).toBe(401);
    for (const role of ['AFRICAN_UNION', 'CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const other = await userWithToken(t, { role });
      expect((await call(t, 'GET', `/users/${user.id}/sessions`, { token: other.token })).status, role).toBe(403);
      expect((await call(t, 'DELETE', `/users/${user.id}/sessions`, { token: other.token })).status, role).toBe(403);
    }
    expect((await current(user.token)).status).toBe(200);
  });

  it("lists a user's active sessions for an administrator, and signs them all out at once", async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const user = await buildUser(t);
    const first = await signIn(t, user);
    const second = await signIn(t, user);
    // Used once, so the signed-in check may remember them.
    expect((await current(first.access_token)).status).toBe(200);
    expect((await current(second.access_token)).status).toBe(200);

    const listed = await call(t, 'GET', `/users/${user.id}/sessions`, { token: admin.token });
    expect(listed.status).toBe(200);
    expect(listed.body.payload).toHaveLength(2);
    expect(listed.body.payload[0]).toMatchObject({ current: false, createdAt: expect.any(String) });

    const ended = await call(t, 'DELETE', `/users/${user.id}/sessions`, { token: admin.token });
    expect(ended).toMatchObject({ status: 200, body: { payload: { ended: 2 } } });
    expect((await current(first.access_token)).status).toBe(401);
    expect((await current(second.access_token)).status).toBe(401);
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expect(refresh.status).toBe(400);
    expect((await call(t, 'GET', `/users/${user.id}/sessions`, { token: admin.token })).body.payload).toEqual([]);
    // The administrator's own session is untouched.
    expect((await current(admin.token)).status).toBe(200);
    const trail = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'SESSIONS_ENDED'));
    expect(trail.find((r) => r.targetUser === user.email)?.logUser).toBe(admin.email);
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'GET', `/users/${unknown}/sessions`, { token: admin.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/users/${unknown}/sessions`, { token: admin.token })).status).toBe(404);
  });
});

describe('GET and DELETE /profile/sessions', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'GET', '/profile/sessions')).status).toBe(401);
    expect((await call(t, 'DELETE', '/profile/sessions')).status).toBe(401);
  });

  it("lists one's own sessions, marking this one, and signs out everywhere, this session included", async () => {
    const me = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const other = await signIn(t, me);
    const someoneElse = await userWithToken(t);
    const listed = await call(t, 'GET', '/profile/sessions', { token: me.token });
    expect(listed.body.payload).toHaveLength(2);
    expect(listed.body.payload.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    expect(await call(t, 'DELETE', '/profile/sessions', { token: me.token })).toMatchObject({
      status: 200,
      body: { payload: { ended: 2 } },
    });
    expect((await current(me.token)).status).toBe(401);
    expect((await current(other.access_token)).status).toBe(401);
    expect((await current(someoneElse.token)).status).toBe(200);
  });
});
