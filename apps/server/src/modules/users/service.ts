import { and, asc, count, eq, gt, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { isUuid, type ManagedUser, type Role, type UserStatus } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { auditLogs, countries, sessions, users } from '../../db/schema/index.js';
import { countryColumns } from '../../db/columns.js';
import { notFound, refusal, firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { adminAccountRefusal, lockWithAdmins } from './admin-guard.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A user as the back office lists them. */
export function presentUser(
  row: typeof users.$inferSelect,
  country: { code: string; name: string } | null,
): ManagedUser {
  return {
    userId: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    titlePrefix: row.titlePrefix,
    role: row.role,
    countryCode: country?.code ?? null,
    countryName: country?.name ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The users screen's filters: search by name, email or country name; role, status and country. */
export interface UserFilter {
  search?: string;
  role?: Role;
  status?: UserStatus;
  country?: string;
}

function userWhere(q: UserFilter): SQL | undefined {
  const filters: SQL[] = [];
  if (q.search) {
    const like = `%${escapeLike(q.search)}%`;
    filters.push(
      or(
        ilike(users.email, like),
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(countries.name, like),
        ilike(countries.nameFr, like),
      )!,
    );
  }
  if (q.role) filters.push(eq(users.role, q.role));
  if (q.status) filters.push(eq(users.status, q.status));
  if (q.country) filters.push(eq(countries.code, q.country.toUpperCase()));
  return filters.length ? and(...filters) : undefined;
}

/** Users matching the filters, by name, one page (`limit`, `offset`) of them. */
export async function findUsers(ctx: AppContext, q: UserFilter, { limit, offset }: { limit: number; offset: number }) {
  const rows = await ctx.db
    .select({ user: users, country: countryColumns(countries) })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .where(userWhere(q))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) => presentUser(r.user, r.country?.code ? r.country : null));
}

/** Every user, searchable by name, email or country name, filtered by role, status and country. */
export async function listUsers(ctx: AppContext, q: UserFilter & { page: number; size: number }) {
  const [items, { total }] = await Promise.all([
    findUsers(ctx, q, { limit: q.size, offset: (q.page - 1) * q.size }),
    ctx.db
      .select({ total: count() })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .where(userWhere(q))
      .then(only),
  ]);
  return { items, total, page: q.page, size: q.size };
}

/**
 * Activates or deactivates a user; deactivating ends their sessions at once. Administrators' accounts are changed only
 * by administrators, and never so that no active administrator is left (admin-guard.ts).
 */
export async function setUserStatus(
  ctx: AppContext,
  { actor, id, status, meta }: { actor: Actor; id: string; status: 'ACTIVE' | 'DISABLED'; meta: RequestMeta },
) {
  if (!isUuid(id)) throw notFound();
  if (id === actor.id && status === 'DISABLED') throw refusal('CANNOT_DISABLE_SELF');
  const row = await firstOr404(ctx.db.select().from(users).where(eq(users.id, id)));
  const early = adminAccountRefusal({ actorRole: actor.role, target: row, next: { status }, otherActiveAdmins: 1 });
  if (early) throw refusal(early);
  await ctx.db.transaction(async (tx) => {
    if (row.role === 'ADMIN') {
      const { row: current, otherActiveAdmins } = await lockWithAdmins(tx, id);
      const refused = adminAccountRefusal({
        actorRole: actor.role,
        target: current,
        next: { status },
        otherActiveAdmins,
      });
      if (refused) throw refusal(refused);
    }
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, id));
    if (status === 'DISABLED') {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'user deactivated' })
        .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)));
    }
    await writeAudit(tx, {
      action: status === 'DISABLED' ? 'USER_DEACTIVATED' : 'USER_ACTIVATED',
      logUser: actor.email,
      targetUser: row.email,
      meta,
    });
  });
  if (status === 'DISABLED') ctx.events.emit('user.accessEnded', { userId: id, reason: 'user deactivated' });
  const [country] = row.countryId ? await ctx.db.select().from(countries).where(eq(countries.id, row.countryId)) : [];
  return presentUser({ ...row, status }, country ?? null);
}

/** Figures for the users dashboard. */
export async function userDashboard(ctx: AppContext) {
  const [byRole, byStatus, byCountry, { signIns }] = await Promise.all([
    ctx.db.select({ key: users.role, n: count() }).from(users).groupBy(users.role),
    ctx.db.select({ key: users.status, n: count() }).from(users).groupBy(users.status),
    ctx.db
      .select({ countryCode: countries.code, countryName: countries.name, users: count() })
      .from(users)
      .innerJoin(countries, eq(countries.id, users.countryId))
      .groupBy(countries.code, countries.name)
      .orderBy(asc(countries.name)),
    ctx.db
      .select({ signIns: count() })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'LOGIN'), gt(auditLogs.createdAt, new Date(Date.now() - 30 * 86_400_000))))
      .then(only),
  ]);
  const record = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  return {
    total: byRole.reduce((sum, r) => sum + Number(r.n), 0),
    byRole: record(byRole),
    byStatus: record(byStatus),
    byCountry: byCountry.map((c) => ({ ...c, users: Number(c.users) })),
    signInsLast30Days: Number(signIns),
  };
}
