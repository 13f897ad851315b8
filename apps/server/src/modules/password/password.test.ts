import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MESSAGES, PASSWORD_RESET_MESSAGES, PROFILE_MESSAGES } from '@portal/shared';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call, tokenRequest } from '../../../test/http.js';
import { buildUser, signIn } from '../../../test/factories.js';
import { auditLogs, countries, passwordResets, users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh#2026pass';
const forgot = (app: TestApp, email: string) => call(app, 'POST', '/password/forgot', { body: { email } });
const reset = (token: string, newPassword = NEW_PASSWORD, confirmPassword = newPassword) =>
  call(t, 'POST', '/password/reset', { body: { token, newPassword, confirmPassword } });

/** The mail leaves after the answer: wait for it in the outbox. */
async function resetMailTo(app: TestApp, email: string, count = 1): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const mails = mailsTo(app, email)
      .map(decodedMail)
      .filter((m) => m.includes('/reset?token='));
    if (mails.length >= count) return mails.at(-1)!;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

/** The token of the newest reset link mailed to an address. */
async function mailedToken(email: string, count = 1): Promise<string> {
  const mail = await resetMailTo(t, email, count);
  const token = /\/reset\?token=([A-Za-z0-9_%-]+)/.exec(mail)?.[1];
  if (token === undefined) throw new Error('no link in the mail');
  return decodeURIComponent(token);
}

describe('POST /password/forgot', () => {
  it('answers the same neutral message for an unknown address, mails nothing and writes no audit row', async () => {
    const res = await forgot(t, 'nobody-here@example.org');
    expect(res).toMatchObject({ status: 200, body: { payload: null, message: PASSWORD_RESET_MESSAGES.linkSent } });
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo(t, 'nobody-here@example.org')).toEqual([]);
    expect(await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, 'nobody-here@example.org'))).toEqual([]);
  });

  it('answers before doing any database work for a known address', async () => {
    const user = await buildUser(t);
    const db = t.ctx.db;
    const transaction = db.transaction.bind(db);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    // Every transaction waits until the answer has arrived: a handler that waited for one would never answer.
    db.transaction = (async (...args: Parameters<typeof transaction>) => {
      await held;
      return transaction(...args);
    }) as typeof db.transaction;
    try {
      const answer = await Promise.race([
        forgot(t, user.email),
        new Promise<'no answer'>((r) => setTimeout(() => r('no answer'), 3000)),
      ]);
      expect(answer).toMatchObject({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.linkSent } });
      expect(await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toEqual([]);
    } finally {
      release();
      db.transaction = transaction;
    }
    await resetMailTo(t, user.email);
  });

  it('mails one link per account within two minutes, with the same answer every time', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 3; i++)
      expect(await forgot(t, user.email)).toMatchObject({
        status: 200,
        body: { message: PASSWORD_RESET_MESSAGES.linkSent },
      });
    await resetMailTo(t, user.email);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(t, user.email)).toHaveLength(1);
    expect(await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id))).toHaveLength(1);
    const audit = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'PASSWORD_RESET_REQUESTED'), eq(auditLogs.logUser, user.email)));
    expect(audit).toHaveLength(1);

    await t.ctx.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 121_000) })
      .where(eq(passwordResets.userId, user.id));
    await forgot(t, user.email);
    await resetMailTo(t, user.email, 2);
  });

  it('mails a link to /reset valid 30 minutes, storing only a hash of the token', async () => {
    const user = await buildUser(t);
    const res = await forgot(t, user.email.toUpperCase());
    expect(res).toMatchObject({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.linkSent } });
    const mail = await resetMailTo(t, user.email);
    expect(mail).toMatch(/^Subject: Choose a new password$/m);
    expect(mail).toContain(`${t.config.publicUrl}/reset?token=`);
    const token = await mailedToken(user.email);
    const row = only(await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id)));
    expect(row.tokenHash).not.toContain(token);
    const minutes = (row.expiresAt.getTime() - row.createdAt.getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(30);
    const audit = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'PASSWORD_RESET_REQUESTED'), eq(auditLogs.logUser, user.email)));
    expect(audit).toHaveLength(1);
  });

  it("writes the mail in the user's language", async () => {
    const user = await buildUser(t, { language: 'fr' });
    await forgot(t, user.email);
    expect(await resetMailTo(t, user.email)).toMatch(/^Subject: Choisissez un nouveau mot de passe$/m);
  });

  it('refuses an address that is not one, with the profile form message', async () => {
    const res = await forgot(t, 'not-an-address');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(PROFILE_MESSAGES.invalidEmail);
  });

  it('mails nothing to a deactivated user or a user of a deactivated country, with the same answer', async () => {
    const disabled = await buildUser(t, { status: 'DISABLED' });
    const ghanaian = await buildUser(t, { country: 'GH' });
    await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.code, 'GH'));
    try {
      for (const u of [disabled, ghanaian]) {
        expect(await forgot(t, u.email)).toMatchObject({
          status: 200,
          body: { message: PASSWORD_RESET_MESSAGES.linkSent },
        });
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(mailsTo(t, disabled.email)).toEqual([]);
      expect(mailsTo(t, ghanaian.email)).toEqual([]);
    } finally {
      await t.ctx.db.update(countries).set({ active: true }).where(eq(countries.code, 'GH'));
    }
  });

  it('is rate limited like sign-in', async () => {
    const limited = await startTestApp({ RATE_LIMIT_TOKEN_PER_MINUTE: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await forgot(limited, 'someone@example.org')).status);
      expect(statuses).toEqual([200, 200, 429]);
      expect((await forgot(limited, 'someone@example.org')).body).toEqual({
        message: MESSAGES.tooManyRequests,
        code: 'RATE_LIMITED',
      });
    } finally {
      await limited.close();
    }
  });
});

describe('POST /password/reset', () => {
  it('sets the new password once, ends every session, and the new password signs in', async () => {
    const user = await buildUser(t);
    const session = await signIn(t, user);
    await forgot(t, user.email);
    const token = await mailedToken(user.email);

    expect(await reset(token)).toMatchObject({ status: 200, body: { message: PASSWORD_RESET_MESSAGES.done } });
    expect((await call(t, 'GET', '/profile/current', { token: session.access_token })).status).toBe(401);
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: session.refresh_token })).status).toBe(
      400,
    );
    expect((await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: user.password })).status).toBe(
      400,
    );
    await expect(signIn(t, { email: user.email, password: NEW_PASSWORD })).resolves.toHaveProperty('access_token');

    expect(await reset(token, 'Other#2026pass')).toMatchObject({
      status: 400,
      body: { message: PASSWORD_RESET_MESSAGES.invalidLink },
    });
    const audit = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'PASSWORD_RESET'), eq(auditLogs.logUser, user.email)));
    expect(audit).toHaveLength(1);
  });

  it('refuses an unknown token and an expired one', async () => {
    expect(await reset('x'.repeat(43))).toMatchObject({
      status: 400,
      body: { message: PASSWORD_RESET_MESSAGES.invalidLink },
    });
    const user = await buildUser(t);
    await forgot(t, user.email);
    const token = await mailedToken(user.email);
    await t.ctx.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect(await reset(token)).toMatchObject({ status: 400, body: { message: PASSWORD_RESET_MESSAGES.invalidLink } });
  });

  it('keeps only the newest link working', async () => {
    const user = await buildUser(t);
    await forgot(t, user.email);
    const first = await mailedToken(user.email, 1);
    // Past the two-minute cooldown.
    await t.ctx.db
      .update(passwordResets)
      .set({ createdAt: new Date(Date.now() - 121_000) })
      .where(eq(passwordResets.userId, user.id));
    await forgot(t, user.email);
    const second = await mailedToken(user.email, 2);
    expect((await reset(first)).status).toBe(400);
    expect((await reset(second)).status).toBe(200);
  });

  it('refuses a password breaking the rules or not confirmed, keeping the link', async () => {
    const user = await buildUser(t);
    await forgot(t, user.email);
    const token = await mailedToken(user.email);
    const weak = await reset(token, 'weakpass');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain(PROFILE_MESSAGES.weakPassword);
    const mismatch = await reset(token, NEW_PASSWORD, 'Fresh#2026pas');
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toContain('Passwords should match');
    expect((await reset(token)).status).toBe(200);
  });

  it('refuses a user deactivated after the link was mailed', async () => {
    const user = await buildUser(t);
    await forgot(t, user.email);
    const token = await mailedToken(user.email);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id));
    expect(await reset(token)).toMatchObject({ status: 403, body: { message: MESSAGES.accountDisabled } });
    await t.ctx.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.id, user.id));
    expect((await tokenRequest(t, { grant_type: 'mfa', username: user.email, password: NEW_PASSWORD })).status).toBe(
      400,
    );
  });
});
