import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ERROR_CATALOGUE, type CataloguedErrorCode } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { buildUser, userWithToken, type BuiltUser } from '../../../test/factories.js';
import { auditLogs, countries, users } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { only } from '../../lib/only.js';

/** Changing a user's role or country (the spec's rules on roles). */
let t: TestApp;
let kenya: number;
let nigeria: number;
let inactive: number;
beforeAll(async () => {
  t = await startTestApp();
  const idOf = async (code: string) => only(await t.ctx.db.select().from(countries).where(eq(countries.code, code))).id;
  kenya = await idOf('KE');
  nigeria = await idOf('NG');
  inactive = await idOf('GH');
  await t.ctx.db.update(countries).set({ active: false }).where(eq(countries.id, inactive));
});
afterAll(() => t.close());

const changeRole = (token: string | undefined, id: string, body: unknown) =>
  call(t, 'PUT', `/users/${id}/role`, { token, body });
const stateOf = async (id: string) => {
  const row = only(await t.ctx.db.select().from(users).where(eq(users.id, id)));
  return { role: row.role, countryId: row.countryId };
};
const roleChanges = (target: BuiltUser) =>
  t.ctx.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, 'USER_ROLE_CHANGED'), eq(auditLogs.targetUser, target.email)))
    .orderBy(desc(auditLogs.createdAt));

/** The call is refused with the code and its message, and neither the user nor the audit trail changed. */
async function expectRefused(token: string, target: BuiltUser, body: unknown, code: CataloguedErrorCode) {
  const before = await stateOf(target.id);
  const res = await changeRole(token, target.id, body);
  expect(res).toMatchObject({
    status: ERROR_CATALOGUE[code].status,
    body: { code, message: ERROR_CATALOGUE[code].message },
  });
  expect(await stateOf(target.id)).toEqual(before);
  expect(await roleChanges(target)).toEqual([]);
}

describe('PUT /users/:id/role', () => {
  it('requires authentication and refuses other roles', async () => {
    const focal = await buildUser(t);
    const body = { role: 'CHIEF_NEGOTIATOR', countryId: kenya };
    expect((await changeRole(undefined, focal.id, body)).status).toBe(401);
    for (const role of ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const other = await userWithToken(t, { role });
      expect((await changeRole(other.token, focal.id, body)).status).toBe(403);
    }
    expect(await stateOf(focal.id)).toEqual({ role: 'SERVICE_FOCAL_POINT', countryId: kenya });
  });

  it('lets an administrator give any role, with an audit row of before and after', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const focal = await buildUser(t);
    const res = await changeRole(admin.token, focal.id, { role: 'CHIEF_NEGOTIATOR', countryId: nigeria });
    expect(res).toMatchObject({
      status: 200,
      body: { payload: { userId: focal.id, role: 'CHIEF_NEGOTIATOR', countryCode: 'NG' }, message: 'Role updated.' },
    });
    const row = only(await t.ctx.db.select().from(users).where(eq(users.id, focal.id)));
    const ng = only(await t.ctx.db.select().from(countries).where(eq(countries.id, nigeria)));
    expect(row).toMatchObject({ role: 'CHIEF_NEGOTIATOR', countryId: nigeria, regionId: ng.regionId });
    const [audit] = await roleChanges(focal);
    expect(audit).toMatchObject({
      logUser: admin.email,
      value: {
        before: { role: 'SERVICE_FOCAL_POINT', countryId: kenya, countryCode: 'KE' },
        after: { role: 'CHIEF_NEGOTIATOR', countryId: nigeria, countryCode: 'NG' },
      },
    });
    for (const role of ['REGIONAL_ADVISOR', 'AFRICAN_UNION', 'ADMIN'] as const) {
      const answer = await changeRole(admin.token, focal.id, { role, countryId: null });
      expect(answer.body.payload).toMatchObject({ role, countryCode: null });
    }
    expect(await roleChanges(focal)).toHaveLength(4);
  });

  it('writes nothing when the role and country are already those', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const focal = await buildUser(t);
    const res = await changeRole(admin.token, focal.id, { role: 'SERVICE_FOCAL_POINT', countryId: kenya });
    expect(res.status).toBe(200);
    expect(await roleChanges(focal)).toEqual([]);
  });

  it("lets the secretariat move a country's negotiators between roles and countries, and no further", async () => {
    const secretariat = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const chief = await buildUser(t, { role: 'CHIEF_NEGOTIATOR' });
    const res = await changeRole(secretariat.token, chief.id, { role: 'SERVICE_FOCAL_POINT', countryId: nigeria });
    expect(res.body.payload).toMatchObject({ role: 'SERVICE_FOCAL_POINT', countryCode: 'NG' });
    for (const role of ['ADMIN', 'AFRICAN_UNION', 'REGIONAL_ADVISOR'] as const) {
      await expectRefused(secretariat.token, await buildUser(t), { role, countryId: null }, 'ROLE_NOT_ASSIGNABLE');
    }
    for (const role of ['AFRICAN_UNION', 'REGIONAL_ADVISOR'] as const) {
      const staff = await buildUser(t, { role });
      await expectRefused(
        secretariat.token,
        staff,
        { role: 'CHIEF_NEGOTIATOR', countryId: kenya },
        'ROLE_CHANGE_NOT_ALLOWED',
      );
    }
    const admin = await buildUser(t, { role: 'ADMIN' });
    await expectRefused(
      secretariat.token,
      admin,
      { role: 'SERVICE_FOCAL_POINT', countryId: kenya },
      'ADMIN_ACCOUNT_PROTECTED',
    );
  });

  it('refuses what breaks the rules of section 6, changing nothing', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const focal = await buildUser(t);
    await expectRefused(admin.token, focal, { role: 'CHIEF_NEGOTIATOR', countryId: null }, 'ROLE_COUNTRY_REQUIRED');
    for (const role of ['ADMIN', 'AFRICAN_UNION', 'REGIONAL_ADVISOR'] as const) {
      await expectRefused(admin.token, focal, { role, countryId: kenya }, 'ROLE_COUNTRY_NOT_ALLOWED');
    }
    await expectRefused(admin.token, focal, { role: 'CHIEF_NEGOTIATOR', countryId: 99_999 }, 'ROLE_COUNTRY_UNKNOWN');
    await expectRefused(admin.token, focal, { role: 'CHIEF_NEGOTIATOR', countryId: inactive }, 'ROLE_COUNTRY_INACTIVE');
    for (const body of [{ role: 'KING', countryId: null }, { role: 'CHIEF_NEGOTIATOR' }, {}]) {
      expect((await changeRole(admin.token, focal.id, body)).status).toBe(400);
    }
    expect(await stateOf(focal.id)).toEqual({ role: 'SERVICE_FOCAL_POINT', countryId: kenya });
  });

  it('answers 404 for an unknown user', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const body = { role: 'CHIEF_NEGOTIATOR', countryId: kenya };
    expect((await changeRole(admin.token, crypto.randomUUID(), body)).status).toBe(404);
    expect((await changeRole(admin.token, 'nobody', body)).status).toBe(404);
  });

  it('changes a pending invitation, so the account is created with the right role', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const pending = await buildUser(t, { status: 'PENDING' });
    const res = await changeRole(admin.token, pending.id, { role: 'CHIEF_NEGOTIATOR', countryId: nigeria });
    expect(res.body.payload).toMatchObject({ role: 'CHIEF_NEGOTIATOR', countryCode: 'NG', status: 'PENDING' });
  });

  it('never demotes the last active administrator, even one demoting another at the same time', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const only = await userWithToken(t, { role: 'ADMIN' });
    const demote = { role: 'AFRICAN_UNION', countryId: null };
    // Leave just these two active administrators.
    const others = await t.ctx.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'ADMIN'), eq(users.status, 'ACTIVE')));
    for (const o of others.filter((o) => o.id !== admin.id && o.id !== only.id)) {
      await t.ctx.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, o.id));
    }
    const answers = await Promise.all([
      changeRole(admin.token, only.id, demote),
      changeRole(only.token, admin.id, demote),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = answers.find((r) => r.status !== 200)!;
    // Either it counted the administrators after the first committed (409), or its author was no longer one (403).
    if (refused.status === 409) {
      expect(refused.body).toMatchObject({ code: 'LAST_ADMIN', message: ERROR_CATALOGUE.LAST_ADMIN.message });
    } else expect(refused.status).toBe(403);
    const roles = [(await stateOf(admin.id)).role, (await stateOf(only.id)).role];
    expect(roles).toContain('ADMIN');
    // The one left cannot demote itself either.
    const last = roles[0] === 'ADMIN' ? admin : only;
    await expectRefused(last.token, last, demote, 'LAST_ADMIN');
  });

  it("is seen on the user's very next call with their old token, and closes their live connections", async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const focal = await userWithToken(t);
    // The session is remembered as a focal point's: the back office is refused.
    expect((await call(t, 'GET', '/users', { token: focal.token })).status).toBe(403);
    const live = await connectLive(liveUrl(t.api), focal.token);
    await changeRole(admin.token, focal.id, { role: 'AFRICAN_UNION', countryId: null });
    expect((await live.closed).error?.headers.message).toBe('ROLE_CHANGED');
    expect((await call(t, 'GET', '/users', { token: focal.token })).status).toBe(200);
    // …and back: the secretariat's rights end at once.
    await changeRole(admin.token, focal.id, { role: 'SERVICE_FOCAL_POINT', countryId: kenya });
    expect((await call(t, 'GET', '/users', { token: focal.token })).status).toBe(403);
    // The client reconnects with the same token and the new role.
    const again = await connectLive(liveUrl(t.api), focal.token);
    await again.close();
  });
});
