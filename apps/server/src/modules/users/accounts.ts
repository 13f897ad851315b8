import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { isUuid, type ActiveSession } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { sessions, users } from '../../db/schema/index.js';
import { firstOr404, notFound } from '../../errors.js';
import { writeAudit } from '../logs/service.js';

async function findUser(ctx: AppContext, id: string) {
  if (!isUuid(id)) throw notFound();
  return firstOr404(ctx.db.select().from(users).where(eq(users.id, id)));
}

/**
 * The sessions of a user that can still be used: not revoked, refreshed within SESSION_IDLE_MINUTES and begun within
 * SESSION_MAX_HOURS (the limits auth/service.ts applies at the next refresh), newest activity first.
 */
export async function activeSessions(
  ctx: AppContext,
  { userId, currentSessionId }: { userId: string; currentSessionId?: string },
): Promise<ActiveSession[]> {
  const now = Date.now();
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.lastActiveAt, new Date(now - ctx.config.sessionIdleMinutes * 60_000)),
        gt(sessions.createdAt, new Date(now - ctx.config.sessionMaxHours * 3_600_000)),
      ),
    )
    .orderBy(desc(sessions.lastActiveAt));
  return rows.map((s) => ({
    id: s.id,
    clientName: s.clientName,
    createdAt: s.createdAt.toISOString(),
    lastActiveAt: s.lastActiveAt.toISOString(),
    current: s.id === currentSessionId,
  }));
}

/** A user's active sessions, for an administrator. */
export async function userSessions(ctx: AppContext, { actor, id }: { actor: Actor; id: string }) {
  const row = await findUser(ctx, id);
  return activeSessions(ctx, { userId: row.id, currentSessionId: actor.sessionId });
}

/**
 * Signs a user out everywhere: every session is revoked (refresh tokens stop), the signed-in check forgets them on every
 * instance and live connections close, as on deactivation (the `user.accessEnded` event); the answer waits for that.
 */
export async function endAllSessions(
  ctx: AppContext,
  { actor, id, meta }: { actor: Actor; id: string; meta: RequestMeta },
): Promise<{ ended: number }> {
  const row = await findUser(ctx, id);
  const reason = actor.id === row.id ? 'signed out everywhere' : 'signed out everywhere by an administrator';
  const ended = await ctx.db.transaction(async (tx) => {
    const revoked = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await writeAudit(tx, {
      action: 'SESSIONS_ENDED',
      logUser: actor.email,
      targetUser: row.email,
      value: { sessionsEnded: revoked.length },
      meta,
    });
    return revoked.length;
  });
  ctx.events.emit('user.accessEnded', { userId: row.id, reason });
  return { ended };
}
