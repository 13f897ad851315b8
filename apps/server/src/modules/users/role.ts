import { eq } from 'drizzle-orm';
import {
  assignableRoles,
  LIVE_CLOSE,
  isUuid,
  needsCountry,
  type CataloguedErrorCode,
  type ManagedUser,
  type Role,
  type UserRoleBody,
  type UserStatus,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { countries, users } from '../../db/schema/index.js';
import { notFound, refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { adminAccountRefusal, lockWithAdmins } from './admin-guard.js';
import { presentUser } from './service.js';

/** The reason given to the user's live connections when they are closed: the client reconnects with its new rights. */
export const ROLE_CHANGED = LIVE_CLOSE.ROLE_CHANGED;

/**
 * Why an actor may not give a user this role and country, or null (the spec's roles). The country's existence is
 * checked by the caller. Administrators' accounts go through adminAccountRefusal (protected, last one kept).
 */
export function roleChangeRefusal({
  actorRole,
  target,
  next,
  otherActiveAdmins,
}: {
  actorRole: Role;
  target: { role: Role; status: UserStatus };
  next: UserRoleBody;
  otherActiveAdmins: number;
}): CataloguedErrorCode | null {
  const admin = adminAccountRefusal({ actorRole, target, next: { role: next.role }, otherActiveAdmins });
  if (admin) return admin;
  const assignable = assignableRoles(actorRole);
  if (!assignable.includes(target.role)) return 'ROLE_CHANGE_NOT_ALLOWED';
  if (!assignable.includes(next.role)) return 'ROLE_NOT_ASSIGNABLE';
  if (needsCountry(next.role) && next.countryId === null) return 'ROLE_COUNTRY_REQUIRED';
  if (!needsCountry(next.role) && next.countryId !== null) return 'ROLE_COUNTRY_NOT_ALLOWED';
  return null;
}

/**
 * Gives a user another role or country. The user's sessions stay open but are read afresh on their next call, and
 * their live connections are closed so that they reconnect with what the new role may see. Audited with before/after.
 */
export async function changeUserRole(
  ctx: AppContext,
  { actor, id, body, meta }: { actor: Actor; id: string; body: UserRoleBody; meta: RequestMeta },
): Promise<ManagedUser> {
  if (!isUuid(id)) throw notFound();
  const result = await ctx.db.transaction(async (tx) => {
    const { row, otherActiveAdmins } = await lockWithAdmins(tx, id);
    const refused = roleChangeRefusal({ actorRole: actor.role, target: row, next: body, otherActiveAdmins });
    if (refused) throw refusal(refused);
    const [country] = body.countryId
      ? await tx.select().from(countries).where(eq(countries.id, body.countryId)).limit(1)
      : [];
    if (body.countryId !== null && !country) throw refusal('ROLE_COUNTRY_UNKNOWN');
    // A user already of a deactivated country may change role there; nobody is moved into one.
    if (country && !country.active && country.id !== row.countryId) throw refusal('ROLE_COUNTRY_INACTIVE');
    if (row.role === body.role && row.countryId === body.countryId) return { row, country, changed: false };
    const [before] = row.countryId
      ? await tx.select({ code: countries.code }).from(countries).where(eq(countries.id, row.countryId))
      : [];
    // The region follows the country; a role without a country keeps the account's region (a regional advisor's).
    const regionId = country ? country.regionId : row.regionId;
    // The row is locked (lockWithAdmins) since it was read: it is there.
    const updated = only(
      await tx
        .update(users)
        .set({ role: body.role, countryId: body.countryId, regionId, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(),
    );
    await writeAudit(tx, {
      action: 'USER_ROLE_CHANGED',
      logUser: actor.email,
      targetUser: row.email,
      value: {
        before: { role: row.role, countryId: row.countryId, countryCode: before?.code ?? null },
        after: { role: body.role, countryId: body.countryId, countryCode: country?.code ?? null },
      },
      meta,
    });
    return { row: updated, country, changed: true };
  });
  if (result.changed) {
    ctx.events.emit('user.accessChanged', { userId: id, reason: 'role changed' });
    await ctx.realtime.disconnect({ userIds: [id], reason: ROLE_CHANGED });
  }
  return presentUser(result.row, result.country ?? null);
}
