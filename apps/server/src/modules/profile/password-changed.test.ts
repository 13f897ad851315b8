/** The owner is told by mail, in their language, when their password changes; not when a change is refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

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
