import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, tokenRequest } from '../../../test/http.js';
import { ageRotation, buildUser, signIn } from '../../../test/factories.js';
import { auditLogs } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) => tokenRequest(t, { grant_type: 'refresh_token', refresh_token: refreshToken });

describe('two tabs refreshing the same token at once', () => {
  it('both get the same new pair, and the session goes on', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const [a, b] = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect((await call(t, 'GET', '/profile/current', { token: a.body.access_token })).status).toBe(200);
    // The pair they share rotates on as usual.
    const next = await refresh(a.body.refresh_token);
    expect(next.status).toBe(200);
    expect((await call(t, 'GET', '/profile/current', { token: next.body.access_token })).status).toBe(200);
  });

  it('a second request a moment after the first gets the same pair too', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const first = await refresh(tokens.refresh_token);
    const second = await refresh(tokens.refresh_token);
    expect(second).toMatchObject({ status: 200, body: first.body });
  });

  it('the token presented later (a replay) still ends the whole session, and is audited', async () => {
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    const first = await refresh(tokens.refresh_token);
    await ageRotation(t, tokens.refresh_token);
    expect(await refresh(tokens.refresh_token)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await refresh(first.body.refresh_token)).status).toBe(400);
    expect((await call(t, 'GET', '/profile/current', { token: first.body.access_token })).status).toBe(401);
    const trail = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, user.email));
    expect(trail.map((r) => r.action)).toContain('REFRESH_REUSED');
  });

  it('a revoked session does not hand out its last pair again', async () => {
    const tokens = await signIn(t, await buildUser(t));
    const first = await refresh(tokens.refresh_token);
    await call(t, 'POST', '/log/logout', { token: first.body.access_token });
    expect((await refresh(tokens.refresh_token)).status).toBe(400);
  });
});
