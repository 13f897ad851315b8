import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@portal/shared';
import { simpleParser } from 'mailparser';
import { startTestApp, latestCode, mailsTo, type TestApp } from '../../../test/harness.js';
import { basic, call, tokenRequest } from '../../../test/http.js';
import { ageRotation, buildUser, signIn } from '../../../test/factories.js';
import { must } from '../../../test/must.js';
import { countries, mfaChallenges, users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const step1 = (email: string, password: string, auth?: string | null) =>
  tokenRequest(t, { grant_type: 'mfa', username: email, password }, auth);

describe('sign-in, step 1', () => {
  it('checks the password, answers an mfa token and mails a 6-digit code', async () => {
    const user = await buildUser(t);
    const res = await step1(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    const mail = mailsTo(t, user.email).at(-1)!;
    expect(mail).toMatch(/^Subject: Your sign-in code$/m);
    expect(latestCode(t, user.email)).toMatch(/^\d{6}$/);
  });

  it("mails the code in the user's language", async () => {
    const user = await buildUser(t, { language: 'fr' });
    await step1(user.email, user.password);
    expect(mailsTo(t, user.email).at(-1)).toMatch(/^Subject: Votre code de connexion$/m);
  });

  it('answers a wrong password and an unknown user with the same 400 invalid_grant', async () => {
    const user = await buildUser(t);
    const wrong = await step1(user.email, 'Wrong#2026pass');
    const unknown = await step1('nobody@example.org', 'Wrong#2026pass');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual({
      error: 'invalid_grant',
      error_description: MESSAGES.badCredentials,
      message: MESSAGES.badCredentials,
      code: 'BAD_CREDENTIALS',
    });
    expect(unknown.body).toEqual(wrong.body);
    expect(mailsTo(t, user.email)).toHaveLength(0);
  });

  it('accepts the login in any letter case', async () => {
    const user = await buildUser(t);
    expect((await step1(user.email.toUpperCase(), user.password)).status).toBe(200);
  });

  it('refuses missing or wrong client credentials with 401 invalid_client', async () => {
    const user = await buildUser(t);
    for (const auth of [
      null,
      basic('portal-web', 'nope'),
      basic('other', 'portal-web-secret'),
      'Basic !!!',
      'Bearer x',
    ]) {
      const res = await step1(user.email, user.password, auth);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        error: 'invalid_client',
        error_description: MESSAGES.badClient,
        message: MESSAGES.badClient,
        code: 'INVALID_CLIENT',
      });
    }
    expect(mailsTo(t, user.email)).toHaveLength(0);
  });

  it('refuses a malformed body or an unknown grant type with 400 and a message', async () => {
    expect(await tokenRequest(t, {})).toMatchObject({
      status: 400,
      body: { message: 'grant_type is required', code: 'VALIDATION' },
    });
    expect(await tokenRequest(t, { grant_type: 'password', username: 'a', password: 'b' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type', code: 'UNSUPPORTED_GRANT_TYPE' },
    });
    expect(await tokenRequest(t, { grant_type: 'mfa', username: 'a@b.c' })).toMatchObject({
      status: 400,
      body: { message: 'password is required' },
    });
    const huge = await tokenRequest(t, { grant_type: 'mfa', username: 'x'.repeat(5000), password: 'y' });
    expect(huge.status).toBe(400);
    const json = await call(t, 'POST', '/oauth/token', { body: '{"grant_type":', headers: { authorization: basic() } });
    expect(json.status).toBe(400);
    expect(JSON.stringify(json.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});

describe('sign-in, step 2', () => {
  it('exchanges the code for tokens once; the profile never carries a password', async () => {
    const user = await buildUser(t, { role: 'CHIEF_NEGOTIATOR' });
    const first = await step1(user.email, user.password);
    const code = latestCode(t, user.email);
    const res = await tokenRequest(t, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: 900,
      token_type: 'Bearer',
    });
    const again = await tokenRequest(t, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code });
    expect(again).toMatchObject({ status: 400, body: { error: 'invalid_grant', message: MESSAGES.badCode } });

    const profile = await call(t, 'GET', '/profile/current', { token: res.body.access_token });
    expect(profile.status).toBe(200);
    expect(profile.body.payload).toMatchObject({
      userId: user.id,
      email: user.email,
      role: 'CHIEF_NEGOTIATOR',
      userRole: 'Chief Negotiator',
      countryCode: 'KE',
      countryName: 'Kenya',
      userInfo: { authorities: ['AUTHENTICATED', 'CHIEF_NEGOTIATOR'] },
    });
    expect(JSON.stringify(profile.body)).not.toMatch(/argon2|passwordHash|password_hash/);
  });

  it('refuses a wrong code with 400 invalid_grant', async () => {
    const user = await buildUser(t);
    const first = await step1(user.email, user.password);
    const good = latestCode(t, user.email);
    const wrong = good === '000000' ? '111111' : '000000';
    expect(await tokenRequest(t, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code: wrong })).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', message: MESSAGES.badCode, code: 'BAD_CODE' },
    });
    expect((await tokenRequest(t, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code: good })).status).toBe(
      200,
    );
  });

  it('refuses an expired code', async () => {
    const user = await buildUser(t);
    const first = await step1(user.email, user.password);
    await t.ctx.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.userId, user.id));
    const res = await tokenRequest(t, {
      grant_type: 'mfa',
      mfa_token: first.body.mfa_token,
      code: latestCode(t, user.email),
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'invalid_grant', message: MESSAGES.badCode } });
  });

  it('refuses an unknown mfa token', async () => {
    expect((await tokenRequest(t, { grant_type: 'mfa', mfa_token: 'made-up', code: '123456' })).status).toBe(400);
  });
});

describe('refresh and logout', () => {
  it('rotates the refresh token; reusing a rotated one later revokes the whole session', async () => {
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    const rotated = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await call(t, 'GET', '/profile/current', { token: rotated.body.access_token })).status).toBe(200);

    await ageRotation(t, tokens.refresh_token);
    const reuse = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(reuse).toMatchObject({ status: 400, body: { error: 'invalid_grant', code: 'UNAUTHORIZED' } });
    expect(
      (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: rotated.body.refresh_token })).status,
    ).toBe(400);
    expect((await call(t, 'GET', '/profile/current', { token: rotated.body.access_token })).status).toBe(401);
  });

  it('keeps other sessions of the same user when one is revoked', async () => {
    const user = await buildUser(t);
    const a = await signIn(t, user);
    const b = await signIn(t, user);
    expect((await call(t, 'POST', '/log/logout', { token: a.access_token })).status).toBe(200);
    expect((await call(t, 'GET', '/profile/current', { token: b.access_token })).status).toBe(200);
  });

  it('logout revokes the access and refresh tokens of the session', async () => {
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    expect(await call(t, 'POST', '/log/logout', { token: tokens.access_token })).toMatchObject({ status: 200 });
    expect(await call(t, 'GET', '/profile/current', { token: tokens.access_token })).toMatchObject({
      status: 401,
      body: { message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' },
    });
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(
      400,
    );
  });

  it('answers 401 UNAUTHORIZED to a tampered, expired or garbage access token', async () => {
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    const [head, body, sig] = tokens.access_token.split('.');
    const claims = JSON.parse(Buffer.from(must(body), 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, role: 'ADMIN' })).toString('base64url')}.${sig}`;
    const expired = `${head}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.${sig}`;
    for (const token of [forged, expired, 'garbage', `${tokens.access_token}x`]) {
      expect(await call(t, 'GET', '/profile/current', { token })).toMatchObject({
        status: 401,
        body: { code: 'UNAUTHORIZED' },
      });
    }
  });

  it('refuses sign-in and refresh to a deactivated user', async () => {
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id));
    expect(await step1(user.email, user.password)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant', message: MESSAGES.accountDisabled, code: 'ACCOUNT_DISABLED' },
    });
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(
      400,
    );
    expect((await call(t, 'GET', '/profile/current', { token: tokens.access_token })).status).toBe(401);
  });
});

describe('deactivated countries', () => {
  it('refuses sign-in, refresh and calls to the users of a deactivated country', async () => {
    const user = await buildUser(t, { country: 'TG' });
    const tokens = await signIn(t, user);
    await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.code, 'TG'));
    try {
      expect((await call(t, 'GET', '/profile/current', { token: tokens.access_token })).status).toBe(401);
      expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).status).toBe(
        400,
      );
      expect(await step1(user.email, user.password)).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant', code: 'ACCOUNT_DISABLED' },
      });
    } finally {
      await t.ctx.db.update(countries).set({ active: true }).where(eq(countries.code, 'TG'));
    }
    await expect(signIn(t, user)).resolves.toHaveProperty('access_token');
  });
});

describe('mail', () => {
  it('writes the code readably in the raw mail, in Arabic too', async () => {
    const user = await buildUser(t, { language: 'ar' });
    await step1(user.email, user.password);
    const mail = mailsTo(t, user.email).at(-1)!;
    expect(mail).toMatch(/^Content-Transfer-Encoding: quoted-printable$/m);
    expect(latestCode(t, user.email)).toMatch(/^\d{6}$/);
  });

  it("is text and HTML in the recipient's language, from the outbox as a mail client reads it", async () => {
    const user = await buildUser(t, { language: 'ar' });
    await step1(user.email, user.password);
    const parsed = await simpleParser(mailsTo(t, user.email).at(-1)!);
    const code = latestCode(t, user.email);
    expect(parsed.headers.get('content-language')).toBe('ar');
    expect(parsed.headers.get('auto-submitted')).toBe('auto-generated');
    expect(parsed.from?.value[0]?.name).toBe('بوابة مفاوضات الخدمات');
    expect(parsed.text).toContain(`\n${code}\n`);
    expect(parsed.html).toContain('<html lang="ar" dir="rtl">');
    expect(parsed.html).toContain(code);
  });
});

describe('rate limit and logs', () => {
  it('rate limits /oauth/token per IP with 429', async () => {
    const limited = await startTestApp({ RATE_LIMIT_TOKEN_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await tokenRequest(limited, { grant_type: 'mfa', username: 'a@b.c', password: 'x' })).status);
      expect(statuses).toEqual([400, 400, 400, 429]);
      const res = await tokenRequest(limited, { grant_type: 'mfa', username: 'a@b.c', password: 'x' });
      expect(res.body).toEqual({
        error: 'temporarily_unavailable',
        error_description: MESSAGES.tooManyRequests,
        message: MESSAGES.tooManyRequests,
        code: 'RATE_LIMITED',
      });
    } finally {
      await limited.close();
    }
  });

  it('never writes a password, code or token to the log', async () => {
    let lines = '';
    const stream = new Writable({ write: (chunk, _enc, done) => ((lines += chunk.toString()), done()) });
    const logged = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
    try {
      const user = await buildUser(logged);
      const tokens = await signIn(logged, user);
      await call(logged, 'GET', '/profile/current', { token: tokens.access_token });
      await tokenRequest(logged, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
      expect(lines).toContain(user.email);
      expect(lines).not.toContain(user.password);
      expect(lines).not.toContain(latestCode(logged, user.email));
      expect(lines).not.toContain(tokens.access_token);
      expect(lines).not.toContain(tokens.refresh_token);
    } finally {
      await logged.close();
    }
  });
});
