import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, mailsTo, startTestApp, type TestApp } from '../../test/harness.js';
import { call, tokenRequest } from '../../test/http.js';
import { buildUser, signIn, userWithToken } from '../../test/factories.js';
import { redactUrl } from './log-redaction.js';

let t: TestApp;
let lines = '';
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => ((lines += chunk.toString()), done()) });
  t = await startTestApp({ LOG_LEVEL: 'trace' }, { logStream: stream });
});
afterAll(() => t.close());

/** A mail's text with its quoted-printable soft breaks and escapes undone. */
const decoded = (mail: string) =>
  Buffer.from(
    mail.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The token of the newest link `/<page>?token=…` mailed to an address (mails leave after the answer). */
async function mailedToken(email: string, page: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const link = mailsTo(t, email)
      .map(decoded)
      .map((m) => m.match(new RegExp(`/${page}\\?token=([A-Za-z0-9_%-]+)`)))
      .filter((m) => m !== null)
      .at(-1);
    if (link?.[1]) return decodeURIComponent(link[1]);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no ${page} link mailed to ${email}`);
}

describe('the server log during sign-in, invitation and password reset', () => {
  it('holds none of the passwords, codes, tokens or links issued', async () => {
    const secrets: string[] = [];

    // Sign-in: password, mailed code, access and refresh tokens.
    const user = await buildUser(t);
    const tokens = await signIn(t, user);
    secrets.push(user.password, latestCode(t, user.email), tokens.access_token, tokens.refresh_token);
    await call(t, 'GET', '/profile/current', { token: tokens.access_token });
    await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });

    // Invitation: the link's token, opened as the web page and read through the API.
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    secrets.push(chief.token);
    const email = 'invited.logs@example.org';
    const invite = {
      titlePrefix: 'Dr',
      firstName: 'Amina',
      lastName: 'Otieno',
      userRole: 'SERVICE_FOCAL_POINT',
      email,
    };
    expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body: [invite] })).status).toBe(200);
    const invitation = await mailedToken(email, 'register');
    secrets.push(invitation);
    await fetch(`${t.api.replace(/\/api$/, '')}/register?token=${encodeURIComponent(invitation)}`);
    expect((await call(t, 'GET', `/profile/invitation?token=${encodeURIComponent(invitation)}`)).status).toBe(200);

    // Password reset: the link's token, opened as the web page, then used with a new password.
    expect((await call(t, 'POST', '/password/forgot', { body: { email: user.email } })).status).toBe(200);
    const reset = await mailedToken(user.email, 'reset');
    secrets.push(reset);
    await fetch(`${t.api.replace(/\/api$/, '')}/reset?token=${encodeURIComponent(reset)}`);
    const newPassword = 'Fresh#2026logs';
    secrets.push(newPassword);
    const res = await call(t, 'POST', '/password/reset', {
      body: { token: reset, newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(200);

    await new Promise((r) => setTimeout(r, 100));
    expect(lines).toContain('/reset?token=[redacted]');
    expect(lines).toContain('/profile/invitation?token=[redacted]');
    for (const secret of secrets) expect(lines).not.toContain(secret);
  });

  it('redacts only the values of secret query parameters', () => {
    expect(redactUrl('/reset?token=abc&lang=fr')).toBe('/reset?token=[redacted]&lang=fr');
    expect(redactUrl('/api/offers?page=2')).toBe('/api/offers?page=2');
    expect(redactUrl('/x?code=123456&refresh_token=r')).toBe('/x?code=[redacted]&refresh_token=[redacted]');
  });
});
