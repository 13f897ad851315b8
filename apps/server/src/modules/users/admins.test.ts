import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, ne } from 'drizzle-orm';
import { ERROR_CATALOGUE } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { buildUser, userWithToken } from '../../../test/factories.js';
import { auditLogs, users } from '../../db/schema/index.js';
import { adminAccountRefusal } from './admin-guard.js';
import { only } from '../../lib/only.js';

/** Administrators' accounts: only administrators change them, and one active administrator always stays. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const statusOf = async (id: string) => only(await t.ctx.db.select().from(users).where(eq(users.id, id))).status;
const setStatus = (token: string, id: string, status: string) =>
  call(t, 'PUT', `/users/${id}/status`, { token, body: { status } });

describe('PUT /users/:id/status on an administrator', () => {
  it('requires authentication and refuses other roles', async () => {
    const admin = await buildUser(t, { role: 'ADMIN' });
    expect((await call(t, 'PUT', `/users/${admin.id}/status`, { body: { status: 'DISABLED' } })).status).toBe(401);
    const chief = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    expect((await setStatus(chief.token, admin.id, 'DISABLED')).status).toBe(403);
    expect(await statusOf(admin.id)).toBe('ACTIVE');
  });

  it('refuses the secretariat, deactivating or activating, with a code, and changes nothing', async () => {
    const secretariat = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const active = await buildUser(t, { role: 'ADMIN' });
    const disabled = await buildUser(t, { role: 'ADMIN', status: 'DISABLED' });
    for (const [target, status] of [
      [active, 'DISABLED'],
      [disabled, 'ACTIVE'],
    ] as const) {
      const res = await setStatus(secretariat.token, target.id, status);
      expect(res).toMatchObject({
        status: 403,
        body: { code: 'ADMIN_ACCOUNT_PROTECTED', message: ERROR_CATALOGUE.ADMIN_ACCOUNT_PROTECTED.message },
      });
    }
    expect(await statusOf(active.id)).toBe('ACTIVE');
    expect(await statusOf(disabled.id)).toBe('DISABLED');
    const trail = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, secretariat.email));
    expect(trail.filter((r) => r.action.startsWith('USER_'))).toEqual([]);
    // The secretariat still manages everyone else.
    const focal = await buildUser(t);
    expect((await setStatus(secretariat.token, focal.id, 'DISABLED')).status).toBe(200);
  });

  it('lets an administrator deactivate and reactivate another administrator', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const other = await buildUser(t, { role: 'ADMIN' });
    expect((await setStatus(admin.token, other.id, 'DISABLED')).body.payload.status).toBe('DISABLED');
    expect((await setStatus(admin.token, other.id, 'ACTIVE')).body.payload.status).toBe('ACTIVE');
  });

  it('never leaves the portal without an active administrator, even when two deactivate each other at once', async () => {
    for (let round = 0; round < 4; round++) {
      // Only these two are active administrators.
      const a = await userWithToken(t, { role: 'ADMIN' });
      const b = await userWithToken(t, { role: 'ADMIN' });
      await t.ctx.db
        .update(users)
        .set({ status: 'DISABLED' })
        .where(and(eq(users.role, 'ADMIN'), ne(users.id, a.id), ne(users.id, b.id)));
      const answers = await Promise.all([setStatus(a.token, b.id, 'DISABLED'), setStatus(b.token, a.id, 'DISABLED')]);
      const statuses = [await statusOf(a.id), await statusOf(b.id)];
      expect(statuses, `round ${round}`).toContain('ACTIVE');
      expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
      // The other one is refused: either it counted the administrators after the first committed (409), or it
      // arrived after its own author had already been deactivated (401).
      const refused = answers.find((r) => r.status !== 200)!;
      if (refused.status === 409) expect(refused.body).toMatchObject({ code: 'LAST_ADMIN' });
      else expect(refused.status).toBe(401);
    }
  });
});

describe('adminAccountRefusal', () => {
  const admin = { role: 'ADMIN', status: 'ACTIVE' } as const;
  it('keeps the last active administrator active and an administrator', () => {
    expect(
      adminAccountRefusal({ actorRole: 'ADMIN', target: admin, next: { status: 'DISABLED' }, otherActiveAdmins: 0 }),
    ).toBe('LAST_ADMIN');
    expect(
      adminAccountRefusal({
        actorRole: 'ADMIN',
        target: admin,
        next: { role: 'CHIEF_NEGOTIATOR' },
        otherActiveAdmins: 0,
      }),
    ).toBe('LAST_ADMIN');
    expect(
      adminAccountRefusal({ actorRole: 'ADMIN', target: admin, next: { status: 'DISABLED' }, otherActiveAdmins: 1 }),
    ).toBeNull();
    expect(
      adminAccountRefusal({
        actorRole: 'ADMIN',
        target: { role: 'ADMIN', status: 'DISABLED' },
        next: { status: 'ACTIVE' },
        otherActiveAdmins: 0,
      }),
    ).toBeNull();
  });

  it("refuses the secretariat any change to an administrator's account, and leaves other accounts alone", () => {
    expect(
      adminAccountRefusal({
        actorRole: 'AFRICAN_UNION',
        target: admin,
        next: { status: 'DISABLED' },
        otherActiveAdmins: 3,
      }),
    ).toBe('ADMIN_ACCOUNT_PROTECTED');
    expect(
      adminAccountRefusal({
        actorRole: 'AFRICAN_UNION',
        target: { role: 'AFRICAN_UNION', status: 'ACTIVE' },
        next: { status: 'DISABLED' },
        otherActiveAdmins: 0,
      }),
    ).toBeNull();
  });
});
