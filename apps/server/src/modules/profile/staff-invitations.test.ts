/** An administrator invites secretariat and administrator users, who belong to no country (the spec's roles). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodedMail, mailsTo, startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const invitee = (userRole: string, countryCode: string | null = null) => ({
  titlePrefix: 'Mr',
  firstName: 'Moussa',
  lastName: 'Traoré',
  userRole,
  email: `${userRole.toLowerCase()}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@au.int`,
  countryCode,
});
const stored = async (email: string) => (await t.ctx.db.select().from(users).where(eq(users.email, email)))[0];

describe('POST /profile/invite of staff roles', () => {
  it('lets an administrator invite the secretariat and administrators, with no country', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const body = [invitee('AFRICAN_UNION'), invitee('ADMIN')];
    expect((await call(t, 'POST', '/profile/invite', { token: admin.token, body })).status).toBe(200);
    for (const one of body) {
      expect(await stored(one.email)).toMatchObject({ role: one.userRole, countryId: null, status: 'PENDING' });
      expect(decodedMail(mailsTo(t, one.email).at(-1)!)).toContain('/register?token=');
    }
  });

  it('refuses a country for a role that has none, inviting nobody', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const one = invitee('AFRICAN_UNION', 'KE');
    const res = await call(t, 'POST', '/profile/invite', { token: admin.token, body: [one] });
    expect(res).toMatchObject({ status: 422, body: { code: 'ROLE_COUNTRY_NOT_ALLOWED' } });
    expect(await stored(one.email)).toBeUndefined();
  });

  it('refuses the secretariat and chief negotiators inviting staff roles', async () => {
    for (const role of ['AFRICAN_UNION', 'CHIEF_NEGOTIATOR'] as const) {
      const inviter = await userWithToken(t, { role });
      for (const wanted of ['AFRICAN_UNION', 'ADMIN']) {
        const one = invitee(wanted);
        const res = await call(t, 'POST', '/profile/invite', { token: inviter.token, body: [one] });
        expect(res.body.code, `${role} inviting ${wanted}`).toBe('ROLE_NOT_INVITABLE');
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(await stored(one.email)).toBeUndefined();
      }
    }
  });
});
