import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { countries, users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const invitee = (email: string, countryCode?: string | null) => ({
  titlePrefix: 'Dr',
  firstName: 'Amina',
  lastName: 'Otieno',
  userRole: 'SERVICE_FOCAL_POINT',
  email,
  countryCode,
});

async function stored(email: string) {
  return (
    await t.ctx.db
      .select({ countryId: users.countryId, regionId: users.regionId })
      .from(users)
      .where(eq(users.email, email))
  )[0];
}

describe("POST /profile/invite: a chief negotiator's invitees", () => {
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/profile/invite', { body: [invitee('anon@example.org', 'KE')] })).status).toBe(401);
  });

  it("get the chief's own country and its region, whether the body omits the country or names another one", async () => {
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const kenya = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'KE')));
    expect(kenya.regionId).not.toBeNull();
    // One call each: a body that also names the chief's country must not be what makes the others right.
    for (const one of [
      invitee('no.country@example.org'),
      invitee('null.country@example.org', null),
      invitee('other.country@example.org', 'GH'),
      invitee('own.country@example.org', 'KE'),
    ]) {
      expect((await call(t, 'POST', '/profile/invite', { token: chief.token, body: [one] })).status).toBe(200);
      expect(await stored(one.email), one.email).toEqual({ countryId: kenya.id, regionId: kenya.regionId });
    }
  });

  it("the secretariat's invitees get the country the body names, with that country's region", async () => {
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const ghana = only(await t.ctx.db.select().from(countries).where(eq(countries.code, 'GH')));
    expect(
      (await call(t, 'POST', '/profile/invite', { token: staff.token, body: [invitee('gh.focal@example.org', 'GH')] }))
        .status,
    ).toBe(200);
    expect(await stored('gh.focal@example.org')).toEqual({ countryId: ghana.id, regionId: ghana.regionId });
  });
});
