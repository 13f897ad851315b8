import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { must } from '../../../test/must.js';
import { users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const languageOf = async (id: string) =>
  only(await t.ctx.db.select({ language: users.language }).from(users).where(eq(users.id, id))).language;

describe('PUT /profile/language', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'PUT', '/profile/language', { body: { language: 'fr' } })).status).toBe(401);
  });

  it('keeps the chosen language on the profile and answers the profile', async () => {
    const me = await userWithToken(t);
    const res = await call(t, 'PUT', '/profile/language', { token: me.token, body: { language: 'ar' } });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ email: me.email, language: 'ar' });
    expect(await languageOf(me.id)).toBe('ar');
    const current = await call(t, 'GET', '/profile/current', { token: me.token });
    expect(current.body.payload.language).toBe('ar');
  });

  it('refuses a language the portal does not speak with LANGUAGE_UNSUPPORTED, changing nothing', async () => {
    const me = await userWithToken(t);
    await call(t, 'PUT', '/profile/language', { token: me.token, body: { language: 'fr' } });
    for (const language of ['de', 'FR-ca', '', 'english']) {
      const res = await call(t, 'PUT', '/profile/language', { token: me.token, body: { language } });
      expect(res.status, language).toBe(400);
      expect(res.body.code, language).toBe('LANGUAGE_UNSUPPORTED');
      expect(res.body.message).toContain('English (en), French (fr) and Arabic (ar)');
    }
    const missing = await call(t, 'PUT', '/profile/language', { token: me.token, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
    expect(await languageOf(me.id)).toBe('fr');
  });

  it('is the language of the mails the user sends from then on', async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    await call(t, 'PUT', '/profile/language', { token: chief.token, body: { language: 'fr' } });
    const email = `invitee.${Math.random().toString(36).slice(2)}@example.org`;
    const body = [
      { titlePrefix: 'Dr', firstName: 'Amina', lastName: 'Otieno', userRole: 'SERVICE_FOCAL_POINT', email },
    ];
    expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body })).status).toBe(200);
    expect(decodedMail(must(mailsTo(t, email)[0]))).toContain('Portail de négociation des services');
  });
});
