/**
 * Locked accounts (issue 14): failed sign-ins lock an account; a locked account answers a browser its owner never
 * signed in from exactly like a wrong password; its owner is told by mail how to unlock it (a password reset), and an
 * administrator can unlock it. The owner is told by mail when their password changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import { decodedMail, latestCode, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call, tokenRequest } from '../../../test/http.js';
import { buildUser, userWithToken, type BuiltUser } from '../../../test/factories.js';
import { auditLogs, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  // No challenge in the way: the lock comes after 3 failures here.
  t = await startTestApp({ SIGN_IN_CHALLENGE_AFTER: '1000', SIGN_IN_LOCK_AFTER: '3' });
});
afterAll(() => t.close());

const step1 = (email: string, password: string, extra: Record<string, string> = {}) =>
  tokenRequest(t, { grant_type: 'mfa', username: email, password, ...extra });
const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });
const lockedAt = async (id: string) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0].lockedAt;

/** The newest mail to an address whose text contains `words`, waited for (mails leave after the answer). */
async function mailWith(email: string, words: string): Promise<string> {
  await expect
    .poll(() =>
      mailsTo(t, email)
        .map(decodedMail)
        .some((m) => m.includes(words)),
    )
    .toBe(true);
  return mailsTo(t, email)
    .map(decodedMail)
    .filter((m) => m.includes(words))
    .at(-1)!;
}

async function lock(user: BuiltUser) {
  for (let i = 0; i < 3; i++) await step1(user.email, 'Wrong#2026pass');
  await expect.poll(() => lockedAt(user.id)).not.toBeNull();
}

describe('an account locked by failed sign-ins', () => {
  it('answers the right password exactly like a wrong one, and tells its owner in their language how to unlock', async () => {
    const user = await buildUser(t, { language: 'fr' });
    await lock(user);
    const wrong = answer(await step1(user.email, 'Wrong#2026pass'));
    const right = answer(await step1(user.email, user.password));
    expect(right).toEqual(wrong);
    expect(right).toMatchObject({ status: 400, body: { code: 'BAD_CREDENTIALS' } });
    const mail = await mailWith(user.email, 'a été bloqué');
    expect(mail).toContain(`${t.config.publicUrl}/reset-password`);
    const [row] = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'ACCOUNT_LOCKED'));
    expect(row).toBeDefined();
  });

  it('still lets in a browser its owner signed in from', async () => {
    const user = await buildUser(t);
    const device = `device-${Date.now()}`;
    const first = await step1(user.email, user.password, { device });
    await tokenRequest(t, {
      grant_type: 'mfa',
      mfa_token: first.body.mfa_token,
      code: latestCode(t, user.email),
      device,
    });
    await lock(user);
    expect((await step1(user.email, user.password, { device })).status).toBe(200);
    expect((await step1(user.email, user.password, { device: 'another-browser' })).status).toBe(400);
  });

  it('is unlocked by a password reset, the path the mail gives', async () => {
    const user = await buildUser(t);
    await lock(user);
    await call(t, 'POST', '/password/forgot', { body: { email: user.email } });
    const mail = await mailWith(user.email, '/reset?token=');
    const token = decodeURIComponent(mail.match(/\/reset\?token=([A-Za-z0-9_%-]+)/)![1]);
    const password = 'Fresh#2026pass!';
    const reset = await call(t, 'POST', '/password/reset', {
      body: { token, newPassword: password, confirmPassword: password },
    });
    expect(reset.status).toBe(200);
    expect(await lockedAt(user.id)).toBeNull();
    expect((await step1(user.email, password)).status).toBe(200);
  });
});

describe('POST /users/:id/unlock', () => {
  it('requires authentication and refuses other roles, the secretariat included', async () => {
    const user = await buildUser(t);
    await lock(user);
    expect((await call(t, 'POST', `/users/${user.id}/unlock`)).status).toBe(401);
    for (const role of ['AFRICAN_UNION', 'CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const other = await userWithToken(t, { role });
      expect((await call(t, 'POST', `/users/${user.id}/unlock`, { token: other.token })).status, role).toBe(403);
    }
    expect(await lockedAt(user.id)).not.toBeNull();
  });

  it('lets an administrator unlock the account: the owner signs in again from anywhere', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const user = await buildUser(t);
    await lock(user);
    const listed = await call(t, 'GET', `/users?search=${encodeURIComponent(user.email)}`, { token: admin.token });
    expect(listed.body.payload.items[0].lockedAt).not.toBeNull();
    const res = await call(t, 'POST', `/users/${user.id}/unlock`, { token: admin.token });
    expect(res).toMatchObject({ status: 200, body: { payload: { userId: user.id, lockedAt: null } } });
    expect((await step1(user.email, user.password)).status).toBe(200);
    const trail = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.action, 'USER_UNLOCKED'));
    expect(trail.find((r) => r.targetUser === user.email)?.logUser).toBe(admin.email);
  });

  it('refuses an account that is not locked (409) and an unknown one (404)', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const user = await buildUser(t);
    expect(await call(t, 'POST', `/users/${user.id}/unlock`, { token: admin.token })).toMatchObject({
      status: 409,
      body: { code: 'ACCOUNT_NOT_LOCKED', message: ERROR_CATALOGUE.ACCOUNT_NOT_LOCKED.message },
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t, 'POST', `/users/${unknown}/unlock`, { token: admin.token })).status).toBe(404);
    expect((await call(t, 'POST', '/users/not-an-id/unlock', { token: admin.token })).status).toBe(404);
  });
});

describe('the password-changed mail', () => {
  it('tells the owner, in their language, when they change their password', async () => {
    const me = await userWithToken(t, { language: 'fr' });
    const password = 'Fresh#2026pass!';
    const res = await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: me.password, newPassword: password, confirmPassword: password },
    });
    expect(res.status).toBe(200);
    const mail = await mailWith(me.email, "vient d'être modifié");
    expect(mail).toContain(`${t.config.publicUrl}/reset-password`);
  });

  it('is not sent when a change is refused', async () => {
    const me = await userWithToken(t);
    await call(t, 'POST', '/profile/reset', {
      token: me.token,
      body: { oldPassword: 'Wrong#2026pass', newPassword: 'Fresh#2026pass!', confirmPassword: 'Fresh#2026pass!' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(
      mailsTo(t, me.email)
        .map(decodedMail)
        .some((m) => m.includes('has just been changed')),
    ).toBe(false);
  });
});
