/** The invitee's language, chosen in the invite dialog (default the inviter's), and the link built from PUBLIC_URL. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://portal.example.org/' });
});
afterAll(() => t.close());

const invitee = (email: string, language?: string) => ({
  titlePrefix: 'Ms',
  firstName: 'Awa',
  lastName: 'Diallo',
  userRole: 'CHIEF_NEGOTIATOR',
  email,
  countryCode: 'SN',
  ...(language ? { language } : {}),
});
const languageOf = async (email: string) =>
  (await t.ctx.db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

describe('POST /profile/invite: the invitee language', () => {
  it("mails the invitation in the language chosen for the invitee, and keeps it as their profile's", async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'en' });
    const email = `fr.invitee.${Date.now()}@example.org`;
    const res = await call(t, 'POST', '/profile/invite', { token: staff.token, body: [invitee(email, 'fr')] });
    expect(res.status).toBe(200);
    expect(await languageOf(email)).toBe('fr');
    const mail = decodedMail(mailsTo(t, email).at(-1)!);
    expect(mail).toContain('https://portal.example.org/register?token=');
    expect(mail).toContain('vous invite à rejoindre le Portail');
    expect(mail).not.toContain('has invited you');
  });

  it("defaults to the inviter's language", async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION', language: 'ar' });
    const email = `default.invitee.${Date.now()}@example.org`;
    expect((await call(t, 'POST', '/profile/invite', { token: staff.token, body: [invitee(email)] })).status).toBe(200);
    expect(await languageOf(email)).toBe('ar');
  });

  it('refuses a language the portal does not have, inviting nobody', async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const email = `bad.language.${Date.now()}@example.org`;
    const res = await call(t, 'POST', '/profile/invite', { token: staff.token, body: [invitee(email, 'de')] });
    expect(res.status).toBe(400);
    expect(await languageOf(email)).toBeUndefined();
  });
});
