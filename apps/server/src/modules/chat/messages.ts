import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  CHAT_SEARCH_LIMIT,
  LIVE_REFUSALS,
  liveMessageSchema,
  MEMBERSHIP_TEXT,
  roomTopic,
  type ChatMessage,
  type ChatSearchHit,
  type MessagePage,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { chatMessages, chatRooms, storedFiles, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { preparedPer } from '../../db/prepared.js';
import { firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { foldedContains } from '../../lib/search-sql.js';
import { LiveRefusal } from '../../realtime/destinations.js';
import { presentMessage, type AttachedFile } from './presenter.js';
import { announceRoomSoon } from './unread.js';
import {
  canAccessRoom,
  requireRoom,
  findAccessibleRoom,
  isExplicitMember,
  readableRoomIds,
  roomKey,
} from './access.js';

async function senderOf(ctx: AppContext, userId: string | null) {
  if (!userId) return null;
  const [row] = await ctx.db
    .select({ id: users.id, ...nameColumns(users) })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** When this instance last moved each room's lastMessageAt (a busy room is not updated on every message). @cache room-touches */
const roomTouched = new Map<string, number>();
const TOUCH_EVERY_MS = 30_000;

/**
 * Keeps rooms ordered by activity: lastMessageAt is moved by a room's first message after a quiet spell, then at most
 * every 30 s per room and instance, so a room that starts talking goes to the top at once, the lists' order among busy
 * rooms is right to within half a minute, and a busy room costs one INSERT per message, not two statements.
 */
async function touchRoom(ctx: AppContext, roomId: string, at: Date): Promise<void> {
  const now = Date.now();
  if (now - (roomTouched.get(roomId) ?? 0) < TOUCH_EVERY_MS) return;
  roomTouched.set(roomId, now);
  if (roomTouched.size > 10_000) roomTouched.clear();
  await ctx.db.update(chatRooms).set({ lastMessageAt: at }).where(eq(chatRooms.id, roomId));
}

/** What a new message is stored with; the rest (id, time) the database gives it. */
type NewMessage = Pick<
  typeof chatMessages.$inferInsert,
  'roomId' | 'senderId' | 'type' | 'messageType' | 'conversation'
> &
  Partial<Pick<typeof chatMessages.$inferInsert, 'fileKey' | 'replyToId'>>;

/** The INSERT of every message, prepared once (a message is the portal's most frequent write). */
const insertMessage = preparedPer((db) =>
  db
    .insert(chatMessages)
    .values({
      roomId: sql.placeholder('roomId'),
      senderId: sql.placeholder('senderId'),
      type: sql.placeholder('type'),
      messageType: sql.placeholder('messageType'),
      conversation: sql.placeholder('conversation'),
      fileKey: sql.placeholder('fileKey'),
      replyToId: sql.placeholder('replyToId'),
    })
    .returning()
    .prepare('chat_message_insert'),
);

/** Stores a message, then publishes it to the room's live subscribers (never the other way round). */
async function storeAndPublish(
  ctx: AppContext,
  values: NewMessage,
  file: AttachedFile | null,
  knownSender?: { id: string; firstName: string; lastName: string },
): Promise<ChatMessage> {
  const stored = only(
    await insertMessage(ctx.db).execute({
      ...values,
      fileKey: values.fileKey ?? null,
      replyToId: values.replyToId ?? null,
    }),
  );
  await touchRoom(ctx, stored.roomId, stored.createdAt);
  // A reply is read back with its quote (one more query, for replies only).
  const message = stored.replyToId
    ? only(await selectMessages(ctx, eq(chatMessages.id, stored.id), { limit: 1 }))
    : presentMessage(stored, knownSender ?? (await senderOf(ctx, stored.senderId)), file);
  await ctx.realtime.publish(roomTopic(stored.roomId), message);
  announceRoomSoon(ctx, stored.roomId);
  return message;
}

/**
 * Publishes a message another area stored in its own transaction (a request's quote in its room), as a sent message:
 * live subscribers get it and the participants away are notified.
 */
export async function publishStoredMessage(
  ctx: AppContext,
  stored: typeof chatMessages.$inferSelect,
): Promise<ChatMessage> {
  await touchRoom(ctx, stored.roomId, stored.createdAt);
  const message = presentMessage(stored, await senderOf(ctx, stored.senderId), null);
  await ctx.realtime.publish(roomTopic(stored.roomId), message);
  if (stored.senderId)
    ctx.events.emit('chat.messageSent', {
      roomId: stored.roomId,
      messageId: stored.id,
      senderId: stored.senderId,
      conversation: stored.conversation,
    });
  return message;
}

/** Posts a room's JOIN or EXIT message about a user (the spec's message types), stored then published. */
async function postMembershipMessage(
  ctx: AppContext,
  roomId: string,
  userId: string,
  what: keyof typeof MEMBERSHIP_TEXT,
): Promise<void> {
  const user = await senderOf(ctx, userId);
  if (!user) return;
  await storeAndPublish(
    ctx,
    {
      roomId,
      senderId: userId,
      type: what === 'JOIN' ? 'JOIN' : 'EXIT',
      messageType: 'MESSAGE',
      conversation: `${user.firstName} ${user.lastName} ${MEMBERSHIP_TEXT[what]}`,
    },
    null,
  );
}

export const postJoinMessage = (ctx: AppContext, roomId: string, userId: string) =>
  postMembershipMessage(ctx, roomId, userId, 'JOIN');

/** The EXIT message of a user who left (`removed` false) or was removed from a room. */
export const postExitMessage = (ctx: AppContext, roomId: string, userId: string, removed: boolean) =>
  postMembershipMessage(ctx, roomId, userId, removed ? 'REMOVED' : 'LEFT');

/** Messages matching a condition, newest first, with their senders and files, as the API shows them. */
export async function selectMessages(
  ctx: AppContext,
  where: SQL | undefined,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<ChatMessage[]> {
  const quoted = alias(chatMessages, 'quoted');
  const quotedSender = alias(users, 'quoted_sender');
  const rows = await ctx.db
    .select({
      message: chatMessages,
      sender: { id: users.id, ...nameColumns(users) },
      file: { fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size },
      quoted: { id: quoted.id, conversation: quoted.conversation, deletedAt: quoted.deletedAt },
      quotedSender: nameColumns(quotedSender),
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(storedFiles, eq(storedFiles.key, chatMessages.fileKey))
    .leftJoin(quoted, eq(quoted.id, chatMessages.replyToId))
    .leftJoin(quotedSender, eq(quotedSender.id, quoted.senderId))
    .where(where)
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
  return rows.map((r) =>
    presentMessage(
      r.message,
      r.sender?.id ? r.sender : null,
      r.file?.fileName ? (r.file as AttachedFile) : null,
      r.quoted?.id
        ? {
            id: r.quoted.id,
            conversation: r.quoted.conversation,
            deletedAt: r.quoted.deletedAt,
            sender: r.quotedSender?.firstName ? (r.quotedSender as { firstName: string; lastName: string }) : null,
          }
        : null,
    ),
  );
}

/** GET /chats/getAllMessageByRome/{roomId}: page 0 is the newest page; messages oldest first within a page. */
export async function listMessages(
  ctx: AppContext,
  { actor, roomId, page = 0, size = CHAT_PAGE_SIZE }: { actor: Actor; roomId: string; page?: number; size?: number },
): Promise<MessagePage> {
  const room = await requireRoom(ctx, actor, roomId);
  const { total } = only(
    await ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.roomId, room.id)),
  );
  const newestFirst = await selectMessages(ctx, eq(chatMessages.roomId, room.id), {
    limit: size,
    offset: page * size,
  });
  return { content: newestFirst.reverse(), page, size, totalElements: total, last: (page + 1) * size >= total };
}

/**
 * GET /chats/searchMessages/{roomId}?q=: the room's messages whose text contains the words, whatever the accents and
 * case ("Aissatou" finds "Aïssatou"), or whose attachment's name does; newest first, CHAT_SEARCH_LIMIT at most.
 */
export async function searchMessages(
  ctx: AppContext,
  { actor, roomId, q }: { actor: Actor; roomId: string; q: string },
): Promise<ChatMessage[]> {
  const room = await requireRoom(ctx, actor, roomId);
  const matches = textMatches(q);
  if (!matches.length) return [];
  return selectMessages(ctx, and(eq(chatMessages.roomId, room.id), searchable(matches)), { limit: CHAT_SEARCH_LIMIT });
}

const textMatches = (q: string) =>
  [foldedContains(chatMessages.conversation, q), foldedContains(storedFiles.fileName, q)].filter((c): c is SQL => !!c);
const searchable = (matches: SQL[]) =>
  and(eq(chatMessages.type, 'NORMAL'), isNull(chatMessages.deletedAt), or(...matches));

/**
 * GET /chats/searchMessages?q=: the same search across every room the caller may read (canAccessRoom), newest
 * first, CHAT_SEARCH_LIMIT at most, each hit with its room's id and title.
 */
export async function searchAllMessages(
  ctx: AppContext,
  { actor, q }: { actor: Actor; q: string },
): Promise<ChatSearchHit[]> {
  const matches = textMatches(q);
  const roomIds = await readableRoomIds(ctx, actor);
  if (!matches.length || !roomIds.length) return [];
  const found = await selectMessages(ctx, and(inArray(chatMessages.roomId, roomIds), searchable(matches)), {
    limit: CHAT_SEARCH_LIMIT,
  });
  if (!found.length) return [];
  const ids = [...new Set(found.map((m) => m.romes.id))];
  const titles = new Map(
    (
      await ctx.db
        .select({ id: chatRooms.id, title: chatRooms.title })
        .from(chatRooms)
        .where(inArray(chatRooms.id, ids))
    ).map((r) => [r.id, r.title]),
  );
  return found.map((m) => ({ ...m, roomId: m.romes.id, roomTitle: titles.get(m.romes.id) ?? '' }));
}

/**
 * A message SENT to /app/addMessage: validated, authorized (room membership; an attachment must be one's own
 * upload), stored, then published. Refusals become STOMP ERROR frames.
 */
export async function sendMessage(
  ctx: AppContext,
  {
    actor,
    body,
    authorized,
  }: { actor: Actor & { firstName: string; lastName: string }; body: string; authorized?: Set<string> },
): Promise<ChatMessage> {
  let parsed;
  try {
    parsed = liveMessageSchema.parse(JSON.parse(body));
  } catch {
    throw new LiveRefusal(LIVE_REFUSALS.chatMessageShape);
  }
  const roomId = parsed.romes.id;
  // A connection that has already been let into the room (subscribed or sent) is not checked again: one who
  // leaves or is removed has the key taken back (endRoomLive), and a deactivated country's connections are closed.
  if (!authorized?.has(roomKey(roomId))) {
    if (!(await findAccessibleRoom(ctx, actor, roomId))) throw new LiveRefusal(LIVE_REFUSALS.roomNotFound);
    authorized?.add(roomKey(roomId));
  }
  const text = parsed.conversation.trim();
  const fileKey = parsed.file || null;
  const replyToId = parsed.replyTo?.id ?? null;
  if (replyToId) {
    const [quoted] = await ctx.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, replyToId), eq(chatMessages.roomId, roomId), eq(chatMessages.type, 'NORMAL')))
      .limit(1);
    if (!quoted) throw new LiveRefusal(LIVE_REFUSALS.replyNotInRoom);
  }
  if (!text && !fileKey) throw new LiveRefusal(CHAT_MESSAGES.emptyMessage);
  let file: AttachedFile | null = null;
  if (fileKey) {
    const row = await firstOr404(
      ctx.db
        .select({ fileName: storedFiles.fileName, contentType: storedFiles.contentType, size: storedFiles.size })
        .from(storedFiles)
        .where(and(eq(storedFiles.key, fileKey), eq(storedFiles.ownerId, actor.id)))
        .limit(1),
      () => new LiveRefusal(LIVE_REFUSALS.fileNotFound),
    );
    file = row;
  }
  const message = await storeAndPublish(
    ctx,
    {
      roomId,
      senderId: actor.id,
      type: 'NORMAL',
      messageType: fileKey ? 'FILE' : 'MESSAGE',
      conversation: text,
      fileKey,
      replyToId,
    },
    file,
    { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
  );
  ctx.events.emit('chat.messageSent', { roomId, messageId: message.id, senderId: actor.id, conversation: text });
  return message;
}

/** Whether a file key was posted in a room the actor may see (chat's rule for the file store). */
export async function fileVisibleInRooms(ctx: AppContext, actor: Actor, key: string): Promise<boolean> {
  const rooms = await ctx.db
    .selectDistinct({ room: chatRooms })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatMessages.fileKey, key));
  for (const { room } of rooms)
    if (canAccessRoom(actor, room, await isExplicitMember(ctx.db, room.id, actor.id))) return true;
  return false;
}

export async function fileInMessages(ctx: AppContext, key: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.fileKey, key))
    .limit(1);
  return !!row;
}
