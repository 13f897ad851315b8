/** Marking one's notifications read: by ids, all, or those of a room just read; other tabs hear the count. */
import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { pushLive } from './write.js';

async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** POST /notifications/all: marks the given notifications of one's own read (all of them without ids). */
export async function markRead(
  ctx: AppContext,
  { actor, ids }: { actor: Actor; ids?: string[] },
): Promise<{ unread: number }> {
  const only = ids ? (ids.length ? inArray(notifications.id, ids) : sql`false`) : undefined;
  return (await markReadWhere(ctx, actor.id, only, true))!;
}

/**
 * A room read (POST /chats/markRead): the reader's notifications of its messages and mentions are read with it, so the
 * bell does not go on counting what the room showed. Nothing is pushed when there was none.
 */
export async function markRoomNotificationsRead(ctx: AppContext, userId: string, roomId: string): Promise<void> {
  const ofRoom = and(
    inArray(notifications.kind, ['chat.message', 'chat.mention']),
    sql`${notifications.data}->>'roomId' = ${roomId}`,
  );
  await markReadWhere(ctx, userId, ofRoom, false);
}

/** Marks a user's unread notifications (those `where` picks) read; other tabs and devices update their bell too. */
async function markReadWhere(
  ctx: AppContext,
  userId: string,
  where: SQL | undefined,
  always: boolean,
): Promise<{ unread: number } | null> {
  const mine = and(eq(notifications.recipientId, userId), isNull(notifications.readAt));
  const marked = await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(where ? and(mine, where) : mine)
    .returning({ id: notifications.id })
    .finally(() => ctx.events.emit('notifications.changed', { userIds: [userId] }));
  if (!always && marked.length === 0) return null;
  const unread = await unreadCount(ctx.db, userId);
  await pushLive(ctx, userId, { type: 'UNREAD', unread });
  return { unread };
}
