import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { NOTIFICATION_TOPIC, isStaff, isUuid, type QueueMessage, type RoomRead } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { chatMessages, chatReads } from '../../db/schema/index.js';
import { address, type BrokerMessage } from '../../realtime/broker.js';
import type { LiveSession } from '../../realtime/destinations.js';
import { refusal } from '../../errors.js';
import { requireRoom } from './access.js';
import { readRoomWithMembers, sharedRoomWithMembers, type RoomWithMembers } from './audience.js';

/** Each room's unread messages for one user and how far they have read it (rooms without messages: 0). */
export async function readState(
  ctx: AppContext,
  userId: string,
  roomIds: string[],
): Promise<Map<string, { unread: number; lastReadAt: Date | null }>> {
  const result = new Map<string, { unread: number; lastReadAt: Date | null }>();
  if (!roomIds.length) return result;
  const marks = await ctx.db
    .select({ roomId: chatReads.roomId, lastReadAt: chatReads.lastReadAt })
    .from(chatReads)
    .where(and(eq(chatReads.userId, userId), inArray(chatReads.roomId, roomIds)));
  const counts = await ctx.db
    .select({ roomId: chatMessages.roomId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .leftJoin(chatReads, and(eq(chatReads.roomId, chatMessages.roomId), eq(chatReads.userId, userId)))
    .where(
      and(
        inArray(chatMessages.roomId, roomIds),
        eq(chatMessages.type, 'NORMAL'),
        isNull(chatMessages.deletedAt),
        or(isNull(chatMessages.senderId), ne(chatMessages.senderId, userId)),
        or(isNull(chatReads.lastReadAt), sql`${chatMessages.createdAt} > ${chatReads.lastReadAt}`),
      ),
    )
    .groupBy(chatMessages.roomId);
  for (const id of roomIds) result.set(id, { unread: 0, lastReadAt: null });
  for (const m of marks) result.get(m.roomId)!.lastReadAt = m.lastReadAt;
  for (const c of counts) result.get(c.roomId)!.unread = c.n;
  return result;
}

/**
 * POST /chats/markRead/{roomId}: the viewer has read the room up to a message (its newest when none is named). The
 * mark only moves forward, so a late call from another tab does not bring back what was read.
 */
export async function markRoomRead(
  ctx: AppContext,
  { actor, roomId, messageId }: { actor: Actor; roomId: string; messageId?: string },
): Promise<RoomRead> {
  const room = await requireRoom(ctx, actor, roomId);
  const [upTo] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, room.id),
        messageId && isUuid(messageId) ? eq(chatMessages.id, messageId) : undefined,
      ),
    )
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  if (messageId && !upTo) throw refusal('CHAT_MESSAGE_NOT_FOUND');
  // The time is copied in SQL: read into JavaScript it would lose its microseconds, and the message stay unread.
  if (upTo)
    await ctx.db
      .insert(chatReads)
      .values({
        roomId: room.id,
        userId: actor.id,
        lastReadAt: sql`(select ${chatMessages.createdAt} from ${chatMessages} where ${chatMessages.id} = ${upTo.id})`,
      })
      .onConflictDoUpdate({
        target: [chatReads.roomId, chatReads.userId],
        set: { lastReadAt: sql`greatest(${chatReads.lastReadAt}, excluded.last_read_at)` },
      });
  if (upTo) ctx.events.emit('chat.roomRead', { roomId: room.id, userId: actor.id });
  const state = (await readState(ctx, actor.id, [room.id])).get(room.id)!;
  return { roomId: room.id, unread: state.unread, lastReadAt: state.lastReadAt?.toISOString() ?? null };
}

/**
 * One stopped looking at a room (unsubscribed from its messages: closed the room or the tab, lost the connection):
 * what arrived meanwhile was seen live, so the room is read up to its newest message. One statement, no check: the
 * subscription was allowed, and a mark in a room one has since left shows nothing.
 */
export async function markSeenLive(ctx: AppContext, roomId: string, userId: string): Promise<void> {
  await ctx.db.execute(sql`
    insert into ${chatReads} (room_id, user_id, last_read_at)
    select ${roomId}::uuid, ${userId}::uuid, max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.roomId} = ${roomId}
    having max(${chatMessages.createdAt}) is not null
    on conflict (room_id, user_id) do update set last_read_at = greatest(${chatReads.lastReadAt}, excluded.last_read_at)`);
}

/** Who hears of a room's changes on /topic/queue: carried in the broker message's scope, never sent to clients. */
type RoomAudience = {
  chatRoom: string;
  userIds: string[];
  countryIds: number[];
  /** The secretariat lists every negotiation between two countries (under Invitation). */
  staff: boolean;
  /** Those looking at the room (subscribed to its messages): they see its messages arrive, their lists need not move. */
  exceptUserIds: string[];
};

/** Whether a /topic/queue subscriber is among those a room announcement is for (see announceRoom). */
export function acceptsRoomAnnouncement(session: LiveSession, message: BrokerMessage): boolean {
  const scope = message.scope as Partial<RoomAudience> | undefined;
  if (!scope?.chatRoom) return false;
  const user = session.user;
  if (scope.exceptUserIds?.includes(user.id)) return false;
  if (scope.userIds?.includes(user.id)) return true;
  if (isStaff(user.role)) return !!scope.staff;
  return user.countryId !== null && !!scope.countryIds?.includes(user.countryId);
}

/**
 * Tells everyone whose room lists show the room (its members, an OFFER room's two countries, the secretariat for a
 * negotiation between two countries) and `alsoUserIds` (one who just left) that it changed: their lists, counters
 * and unread counts are read again, without a reload. One broker message, filtered per subscriber. The room is read
 * afresh (a change of membership is announced to those it concerns), or through `read` (the passes after a message
 * share one read: chat/audience.ts).
 */
export async function announceRoom(
  ctx: AppContext,
  roomId: string,
  alsoUserIds: string[] = [],
  exceptUserIds: string[] = [],
  read: (ctx: AppContext, roomId: string) => Promise<RoomWithMembers | null> = readRoomWithMembers,
): Promise<void> {
  const found = await read(ctx, roomId);
  if (!found) return;
  const { room } = found;
  const offer = room.romeType === 'OFFER';
  const audience: RoomAudience = {
    chatRoom: room.id,
    userIds: [...new Set([...found.members.map((m) => m.id), ...alsoUserIds])],
    countryIds: offer ? [room.countryIdSender, room.countryIdReceived].filter((id): id is number => id !== null) : [],
    staff: offer && room.countryIdSender !== null,
    exceptUserIds,
  };
  const body: QueueMessage = { type: 'CHAT_ROOM', roomId: room.id };
  await ctx.realtime.broker.publish({
    destination: NOTIFICATION_TOPIC,
    headers: {},
    body: JSON.stringify(body),
    scope: audience,
    to: [
      ...audience.userIds.map(address.user),
      ...audience.countryIds.map(address.country),
      ...(audience.staff ? [address.staff] : []),
    ],
  });
}

/** Rooms with an announcement on its way, per app (tests run several in one process). */
const pendingAnnouncements = new WeakMap<AppContext, Set<string>>();

/**
 * A new message: the room is announced once per CHAT_ROOM_ANNOUNCE_MS (250 ms, per instance), so a busy room costs
 * one broker message per quarter second, not one per message and reader; and not to those looking at the room, whose
 * lists would only be read again for nothing (a room of 200 readers costs no list reads at all).
 */
export function announceRoomSoon(ctx: AppContext, roomId: string): void {
  const every = ctx.config.chatRoomAnnounceMs;
  if (!every) return;
  let pending = pendingAnnouncements.get(ctx);
  if (!pending) pendingAnnouncements.set(ctx, (pending = new Set()));
  if (pending.has(roomId)) return;
  pending.add(roomId);
  setTimeout(() => {
    pending.delete(roomId);
    ctx.realtime.broker
      .viewers(roomId)
      .then((viewing) => announceRoom(ctx, roomId, [], [...viewing], sharedRoomWithMembers))
      .catch((err) => ctx.log.error({ err, roomId }, 'room announcement failed'));
  }, every).unref();
}
