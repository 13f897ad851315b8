import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE } from '@portal/shared';
import { mailsTo, startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { buildUser, signIn, userWithToken } from '../../test/factories.js';
import { passwordResets } from '../db/schema/index.js';
import { hashToken, randomToken } from './tokens.js';

/** ASVS 2.1.7: the server refuses what the meter calls weak, with the same estimator, wherever a password is chosen. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const WEAK = ['Password1!', 'Motdepasse1!', 'Azerty123!', 'Mohammed1!'];
const tooWeak = {
  status: 400,
  body: { code: 'PASSWORD_TOO_WEAK', message: ERROR_CATALOGUE.PASSWORD_TOO_WEAK.message },
};

describe("a password built on the owner's own words is refused", () => {
  it('their country (in any of its names), their name, their address or the portal, with digits and symbols around', async () => {
    const user = await userWithToken(t, { country: 'KE', email: `wanjiru.kamau.${Date.now()}@example.org` });
    const guesses = ['Kenya2026!', '#Kenya2026', 'Wanjiru2026!', 'Kamau#2026', 'Portal2026!', 'Negotiation2026!'];
    for (const newPassword of guesses) {
      const res = await call(t, 'POST', '/profile/reset', {
        token: user.token,
        body: { oldPassword: user.password, newPassword, confirmPassword: newPassword },
      });
      expect(res, newPassword).toMatchObject(tooWeak);
    }
    await expect(signIn(t, user)).resolves.toHaveProperty('access_token');
  });

  it('while a strong password of the same shape is accepted', async () => {
    const user = await userWithToken(t, { country: 'KE' });
    const newPassword = 'Baobab-Tide#7391';
    const res = await call(t, 'POST', '/profile/reset', {
      token: user.token,
      body: { oldPassword: user.password, newPassword, confirmPassword: newPassword },
    });
    expect(res.status).toBe(200);
  });
});

describe('a weak password is refused and nothing changes', () => {
  it('on change password (knowing the current one)', async () => {
    const user = await userWithToken(t);
    for (const newPassword of WEAK) {
      const res = await call(t, 'POST', '/profile/reset', {
        token: user.token,
        body: { oldPassword: user.password, newPassword, confirmPassword: newPassword },
      });
      expect(res).toMatchObject(tooWeak);
    }
    await expect(signIn(t, user)).resolves.toHaveProperty('access_token');
  });

  it('on the profile form', async () => {
    const user = await userWithToken(t);
    const res = await call(t, 'PUT', '/profile', {
      token: user.token,
      body: {
        firstName: 'Amani',
        lastName: 'Otieno',
        email: user.email,
        oldPassword: user.password,
        password: 'Password1!',
        confirmPassword: 'Password1!',
      },
    });
    expect(res).toMatchObject(tooWeak);
    await expect(signIn(t, user)).resolves.toHaveProperty('access_token');
  });

  it('on reset by a mailed link, which stays usable', async () => {
    const user = await buildUser(t);
    const token = randomToken();
    await t.ctx.db
      .insert(passwordResets)
      .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
    const weak = await call(t, 'POST', '/password/reset', {
      body: { token, newPassword: 'Password1!', confirmPassword: 'Password1!' },
    });
    expect(weak).toMatchObject(tooWeak);
    await expect(signIn(t, user)).resolves.toHaveProperty('access_token');
    const strong = 'Lantern#Baobab-2026';
    const ok = await call(t, 'POST', '/password/reset', {
      body: { token, newPassword: strong, confirmPassword: strong },
    });
    expect(ok.status).toBe(200);
  });

  it('on registration from an invitation', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const email = `njeri.${Math.random().toString(36).slice(2)}@example.org`;
    const row = { titlePrefix: 'Ms', firstName: 'Njeri', lastName: 'Mwangi', userRole: 'SERVICE_FOCAL_POINT', email };
    expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body: [row] })).status).toBe(200);
    const mail = mailsTo(t, email)
      .at(-1)!
      .replace(/=\r?\n/g, '');
    const token = decodeURIComponent(
      mail
        .match(/register\?token=3D([^\s]+)|register\?token=([^\s]+)/)!
        .slice(1)
        .find(Boolean)!,
    );
    for (const password of ['Password1!', 'Qwerty123!']) {
      const res = await call(t, 'POST', '/profile/register', { body: { token, password, confirmPassword: password } });
      expect(res).toMatchObject(tooWeak);
    }
    const ok = await call(t, 'POST', '/profile/register', {
      body: { token, password: 'Chosen#2026pass', confirmPassword: 'Chosen#2026pass' },
    });
    expect(ok.status).toBe(200);
  });
});
