/**
 * Sign-in throttling (ASVS 2.2.1): nobody can lock another person out, and nothing tells which addresses
 * exist. The app trusts X-Forwarded-For from 127.0.0.1 here, so each test can speak from its own client address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import { decodedMail, latestCode, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { buildUser } from '../../../test/factories.js';
import { solvedCaptcha } from '../../../test/captcha.js';
import { sessions } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    TRUST_PROXY: '127.0.0.1',
    SIGN_IN_CHALLENGE_AFTER: '3',
    SIGN_IN_SOURCE_FREE_FAILURES: '6',
  });
});
afterAll(() => t.close());

let sources = 0;
/** A client address of its own for each caller (TEST-NET-2). */
const newSource = () => `198.51.${100 + Math.floor(++sources / 250)}.${(sources % 250) + 1}`;

function token(from: string, form: Record<string, string>) {
  return call(t, 'POST', '/oauth/token', {
    body: new URLSearchParams(form).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from('portal-web:portal-web-secret').toString('base64')}`,
      'x-forwarded-for': from,
    },
  });
}
const step1 = (from: string, username: string, password: string, extra: Record<string, string> = {}) =>
  token(from, { grant_type: 'mfa', username, password, ...extra });

/** Both sign-in steps from one address and browser; answers the token response. */
async function signInFrom(from: string, email: string, password: string, extra: Record<string, string> = {}) {
  const first = await step1(from, email, password, extra);
  expect(first.status).toBe(200);
  const second = await token(from, {
    grant_type: 'mfa',
    mfa_token: first.body.mfa_token,
    code: latestCode(t, email),
    ...(extra.device ? { device: extra.device } : {}),
  });
  expect(second.status).toBe(200);
  return second.body;
}

const answer = (r: { status: number; body: unknown }) => ({ status: r.status, body: r.body });

describe('failed sign-ins on an address', () => {
  it('answer an unknown address exactly like a wrong password, before and after the challenge starts', async () => {
    const user = await buildUser(t);
    const unknown = `nobody-${Date.now()}@portal.test`;
    for (let i = 0; i < 5; i++) {
      // A network of its own for each pair: the network's own delay (after SIGN_IN_SOURCE_FREE_FAILURES) is timed, and
      // on a loaded machine it could end between the two calls of a pair; the addresses' counts are what is compared.
      const from = newSource();
      const known = answer(await step1(from, user.email, 'Wrong#2026pass'));
      const nobody = answer(await step1(from, unknown, 'Wrong#2026pass'));
      expect(nobody).toEqual(known);
    }
    // Both now ask for the challenge, with the same answer.
    const known = await step1(newSource(), user.email, 'Wrong#2026pass');
    expect(known).toMatchObject({ status: 400, body: { error: 'invalid_request', code: 'SIGN_IN_CHALLENGE' } });
    expect(answer(await step1(newSource(), unknown, 'Wrong#2026pass'))).toEqual(answer(known));
  });

  it('never lock the owner out: with the challenge solved, the right password signs in', async () => {
    const user = await buildUser(t);
    const attacker = newSource();
    for (let i = 0; i < 3; i++) await step1(attacker, user.email, 'Wrong#2026pass');
    const owner = newSource();
    const without = await step1(owner, user.email, user.password);
    expect(without).toMatchObject({
      status: 400,
      body: { code: 'SIGN_IN_CHALLENGE', message: ERROR_CATALOGUE.SIGN_IN_CHALLENGE.message },
    });
    const tokens = await signInFrom(owner, user.email, user.password, { captcha: await solvedCaptcha(t) });
    expect(tokens).toHaveProperty('access_token');
  });

  it('let no count of failures lock the owner out: right password and challenge reach the code, from anywhere', async () => {
    const user = await buildUser(t, { language: 'fr' });
    // A stranger: 12 wrong passwords from 4 addresses, each past the third with a solved challenge.
    for (let i = 0; i < 12; i++) {
      const extra: Record<string, string> = i >= 3 ? { captcha: await solvedCaptcha(t) } : {};
      const res = await step1(newSource(), user.email, `Wrong#2026pass${i}`, extra);
      expect(res).toMatchObject({ status: 400, body: { code: 'BAD_CREDENTIALS' } });
    }
    // The owner mistypes the mailed code a few times too.
    const owner = newSource();
    const first = await step1(owner, user.email, user.password, { captcha: await solvedCaptcha(t) });
    expect(first.status).toBe(200);
    for (const wrong of ['000000', '111111'])
      expect((await token(owner, { grant_type: 'mfa', mfa_token: first.body.mfa_token, code: wrong })).status).toBe(
        400,
      );
    // From a browser and an address never used before, the right password and a solved challenge still get in.
    const tokens = await signInFrom(newSource(), user.email, user.password, {
      captcha: await solvedCaptcha(t),
      device: 'a-new-phone',
    });
    expect(tokens).toHaveProperty('access_token');
    // The owner was told, in their language, that the account is not locked.
    const told = mailsTo(t, user.email).map(decodedMail);
    expect(told.some((m) => m.includes("n'est pas bloqué"))).toBe(true);
  });

  it('refuse a challenge solution that is forged or used twice', async () => {
    const user = await buildUser(t);
    for (let i = 0; i < 3; i++) await step1(newSource(), user.email, 'Wrong#2026pass');
    const forged = Buffer.from(JSON.stringify({ signature: 'x', number: 1 })).toString('base64');
    expect(await step1(newSource(), user.email, user.password, { captcha: forged })).toMatchObject({
      status: 400,
      body: { code: 'CAPTCHA_INVALID' },
    });
    const once = await solvedCaptcha(t);
    expect((await step1(newSource(), user.email, 'Wrong#2026pass', { captcha: once })).status).toBe(400);
    expect(await step1(newSource(), user.email, user.password, { captcha: once })).toMatchObject({
      status: 400,
      body: { code: 'CAPTCHA_INVALID' },
    });
  });

  it('tell the owner by mail once, in their language, that the account is not locked', async () => {
    const user = await buildUser(t, { language: 'fr' });
    for (let i = 0; i < 6; i++) await step1(newSource(), user.email, 'Wrong#2026pass');
    await expect.poll(() => mailsTo(t, user.email).length).toBe(1);
    const mail = decodedMail(mailsTo(t, user.email)[0]!);
    expect(mail).toContain('tentatives de connexion à votre compte');
    expect(mail).toContain("Votre compte n'est pas bloqué");
  });

  it('let the owner in from a browser they signed in from, while an attacker hammers the account from elsewhere', async () => {
    const user = await buildUser(t);
    const device = `device-${Date.now()}`;
    await signInFrom(newSource(), user.email, user.password, { device });

    // The attacker rotates through many client addresses, so no spacing out slows it down.
    const hammer = async (n: number) => {
      for (let i = 0; i < n; i++) await step1(newSource(), user.email, `Wrong#2026pass${i}`);
    };
    // During the attack, from the known browser, on any network: no challenge.
    const [during] = await Promise.all([
      (async () => {
        await hammer(4);
        return signInFrom(newSource(), user.email, user.password, { device });
      })(),
      hammer(10),
    ]);
    expect(during).toHaveProperty('access_token');
    await hammer(5);
    // A browser it never signed in from is asked for the challenge (another account's device id does not count)…
    expect((await step1(newSource(), user.email, user.password, { device: 'elsewhere' })).body.code).toBe(
      'SIGN_IN_CHALLENGE',
    );
    // …while the known one still signs straight in.
    expect(await signInFrom(newSource(), user.email, user.password, { device })).toHaveProperty('access_token');
  });
});

describe('failed sign-ins from a client address', () => {
  it('space its further attempts out, the wait doubling, with Retry-After; other addresses are not slowed', async () => {
    const from = newSource();
    // Failures on different addresses, so the address challenge does not come first.
    for (let i = 0; i < 6; i++)
      expect((await step1(from, `a${i}-${Date.now()}@x.test`, 'Wrong#2026pass')).status).toBe(400);
    const delayed = await step1(from, `b-${Date.now()}@x.test`, 'Wrong#2026pass');
    expect(delayed).toMatchObject({ status: 429, body: { code: 'SIGN_IN_DELAYED' } });
    expect(Number(delayed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const user = await buildUser(t);
    expect((await step1(newSource(), user.email, user.password)).status).toBe(200);
  });
});

describe('sessions that end', () => {
  it('refreshes a session in use, and ends one idle longer than SESSION_IDLE_MINUTES', async () => {
    const user = await buildUser(t);
    const from = newSource();
    const tokens = await signInFrom(from, user.email, user.password);
    const again = await token(from, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(again.status).toBe(200);

    const idle = new Date(Date.now() - (t.config.sessionIdleMinutes + 1) * 60_000);
    await t.ctx.db.update(sessions).set({ lastActiveAt: idle }).where(eq(sessions.userId, user.id));
    const refused = await token(from, { grant_type: 'refresh_token', refresh_token: again.body.refresh_token });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant', code: 'UNAUTHORIZED' } });
    // Ended for good: its access token is refused too.
    expect((await call(t, 'GET', '/profile/current', { token: again.body.access_token })).status).toBe(401);
  });

  it('ends a sign-in older than SESSION_MAX_HOURS however active', async () => {
    const user = await buildUser(t);
    const from = newSource();
    const tokens = await signInFrom(from, user.email, user.password);
    const [row] = await t.ctx.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (t.config.sessionMaxHours * 60 + 1) * 60_000), lastActiveAt: new Date() })
      .where(eq(sessions.userId, user.id))
      .returning();
    expect(row).toBeDefined();
    const refused = await token(from, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refused.status).toBe(400);
  });

  it('defaults the idle limit to the idle timeout, its countdown and one access token', () => {
    expect(t.config.sessionIdleMinutes).toBe(Math.ceil((1_800_000 + 30_000 + 900_000) / 60_000));
    expect(t.config.sessionMaxHours).toBe(12);
  });
});
