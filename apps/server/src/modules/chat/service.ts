import { and, asc, desc, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES,
  CHAT_PAGE_SIZE,
  isStaff,
  liveMessageSchema,
  roomTopic,
  type ChatMessage,
  type ChatRoom,
  type ChatUser,
  type MessagePage,
  type NewRoom,
  type OfferRooms,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { chatMembers, chatMessages, chatRooms, countries, offers, regions, storedFiles, users } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { LiveRefusal } from '../../realtime/destinations.js';
import { writeAudit } from '../logs/service.js';
import { canSeeOffer } from '../offers/access.js';
import { presentChatUser, presentMessage, presentRoom, type CountryRef } from './presenter.js';

type RoomRow = typeof chatRooms.$inferSelect;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who may see a room: its explicit members, and for an OFFER room the users of the two countries negotiating
 * (the one that opened it and the one whose offer it is).
 */
export function canAccessRoom(actor: Pick<Actor, 'countryId'>, room: RoomRow, isMember: boolean): boolean {
  if (isMember) return true;
  if (room.romeType !== 'OFFER' || actor.countryId === null) return false;
  return actor.countryId === room.countryIdSender || actor.countryId === room.countryIdReceived;
}

async function isExplicitMember(db: Db | Tx, roomId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/** The room if the actor may see it; otherwise null (the caller answers 404). */
export async function findAccessibleRoom(ctx: AppContext, actor: Pick<Actor, 'id' | 'countryId'>, roomId: string): Promise<RoomRow | null> {
  if (!UUID.test(roomId)) return null;
  const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, roomId)).limit(1);
  if (!room) return null;
  return canAccessRoom(actor, room, await isExplicitMember(ctx.db, roomId, actor.id)) ? room : null;
}

async function requireRoom(ctx: AppContext, actor: Actor, roomId: string): Promise<RoomRow> {
  const room = await findAccessibleRoom(ctx, actor, roomId);
  if (!room) throw notFound('Room not found');
  return room;
}

const userColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phoneNumber: users.phoneNumber,
  role: users.role,
  countryCode: countries.code,
  countryName: countries.name,
  regionName: regions.name,
};

type UserWithPlace = { id: string; firstName: string; lastName: string; email: string; phoneNumber: string | null; role: string; countryCode: string | null; countryName: string | null; regionName: string | null };

function chatUserOf(row: UserWithPlace): ChatUser {
  return presentChatUser(row, row.countryCode && row.countryName ? { code: row.countryCode, name: row.countryName } : null, row.regionName);
}

/** Everyone in each room: explicit members, and for OFFER rooms the active users of both countries. */
async function participantsOf(ctx: AppContext, rooms: RoomRow[]): Promise<Map<string, ChatUser[]>> {
  const result = new Map<string, ChatUser[]>(rooms.map((r) => [r.id, []]));
  if (!rooms.length) return result;
  const explicit = await ctx.db
    .select({ roomId: chatMembers.roomId, ...userColumns })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(inArray(chatMembers.roomId, rooms.map((r) => r.id)))
    .orderBy(asc(chatMembers.joinedAt));
  const countryIds = [...new Set(rooms.flatMap((r) => (r.romeType === 'OFFER' ? [r.countryIdSender, r.countryIdReceived] : [])).filter((id): id is number => id !== null))];
  const byCountry = countryIds.length
    ? await ctx.db
        .select({ countryId: users.countryId, ...userColumns })
        .from(users)
        .leftJoin(countries, eq(countries.id, users.countryId))
        .leftJoin(regions, eq(regions.id, users.regionId))
        .where(and(inArray(users.countryId, countryIds), eq(users.status, 'ACTIVE')))
        .orderBy(asc(users.firstName))
    : [];
  for (const room of rooms) {
    const seen = new Set<string>();
    const list = result.get(room.id)!;
    const add = (row: UserWithPlace) => {
      if (seen.has(row.id)) return;
      seen.add(row.id);
      list.push(chatUserOf(row));
    };
    explicit.filter((m) => m.roomId === room.id).forEach(add);
    if (room.romeType === 'OFFER') byCountry.filter((u) => u.countryId === room.countryIdSender || u.countryId === room.countryIdReceived).forEach(add);
  }
  return result;
}

async function presentRooms(ctx: AppContext, rooms: RoomRow[]): Promise<ChatRoom[]> {
  const participants = await participantsOf(ctx, rooms);
  const countryRows = await ctx.db.select({ id: countries.id, code: countries.code, name: countries.name }).from(countries);
  const countriesById = new Map<number, CountryRef>(countryRows.map((c) => [c.id, c]));
  const creatorIds = [...new Set(rooms.map((r) => r.creatorId).filter((id): id is string => !!id))];
  const creators = creatorIds.length
    ? await ctx.db
        .select({ id: users.id, role: users.role, countryName: countries.name, regionName: regions.name })
        .from(users)
        .leftJoin(countries, eq(countries.id, users.countryId))
        .leftJoin(regions, eq(regions.id, users.regionId))
        .where(inArray(users.id, creatorIds))
    : [];
  return rooms.map((room) => {
    const creator = creators.find((c) => c.id === room.creatorId);
    return presentRoom(room, participants.get(room.id) ?? [], countriesById, {
      countryName: creator && !isStaff(creator.role as Actor['role']) ? creator.countryName : null,
      regionName: creator?.regionName ?? null,
    });
  });
}

/** GET /chats/getAllRomes: the contact rooms one is in, most recently active first. */
export async function listContactRooms(ctx: AppContext, { actor }: { actor: Actor }): Promise<ChatRoom[]> {
  const rows = await ctx.db
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, actor.id)))
    .where(eq(chatRooms.romeType, 'CONTACT'))
    .orderBy(desc(chatRooms.lastMessageAt));
  return presentRooms(ctx, rows.map((r) => r.room));
}

/**
 * GET /chats/getAllRoomesOffer: negotiation rooms in three lists. Received: about one's own country's offer.
 * Sent: opened by one's country (or by oneself, for the secretariat). Invitation: rooms one was invited into.
 */
export async function listOfferRooms(ctx: AppContext, { actor }: { actor: Actor }): Promise<OfferRooms> {
  const memberOf = ctx.db.select({ roomId: chatMembers.roomId }).from(chatMembers).where(eq(chatMembers.userId, actor.id));
  const countryMatch =
    actor.countryId !== null ? or(eq(chatRooms.countryIdReceived, actor.countryId), eq(chatRooms.countryIdSender, actor.countryId)) : undefined;
  const rows = await ctx.db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.romeType, 'OFFER'), or(inArray(chatRooms.id, memberOf), eq(chatRooms.creatorId, actor.id), countryMatch)))
    .orderBy(desc(chatRooms.lastMessageAt));
  const rooms = await presentRooms(ctx, rows);
  const lists: OfferRooms = { received: [], sender: [], invitation: [] };
  rows.forEach((row, i) => {
    if (actor.countryId !== null && row.countryIdReceived === actor.countryId) lists.received.push(rooms[i]);
    else if ((actor.countryId !== null && row.countryIdSender === actor.countryId) || row.creatorId === actor.id) lists.sender.push(rooms[i]);
    else lists.invitation.push(rooms[i]);
  });
  return lists;
}

export async function getRoom(ctx: AppContext, { actor, roomId }: { actor: Actor; roomId: string }): Promise<ChatRoom> {
  const room = await requireRoom(ctx, actor, roomId);
  return (await presentRooms(ctx, [room]))[0];
}

export async function listParticipants(ctx: AppContext, { actor, roomId }: { actor: Actor; roomId: string }): Promise<ChatUser[]> {
  const room = await requireRoom(ctx, actor, roomId);
  return (await participantsOf(ctx, [room])).get(room.id) ?? [];
}

/** Active users of the given ids; refuses the whole list when one is unknown or not active. */
async function activeUsers(db: Db | Tx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'ACTIVE')));
  if (rows.length !== ids.length) throw badRequest('Every participant must be an approved user');
  return rows;
}

/** POST /chats/addRomes: a contact room with its creator and the chosen users. */
export async function createContactRoom(ctx: AppContext, { actor, room, meta }: { actor: Actor; room: NewRoom; meta: RequestMeta }): Promise<ChatRoom> {
  const others = [...new Set(room.profileDtos)].filter((id) => id !== actor.id);
  if (!room.title && others.length === 0) throw badRequest(CHAT_MESSAGES.titleRequired);
  const [creator] = await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  const row = await ctx.db.transaction(async (tx) => {
    const members = await activeUsers(tx, others);
    const title = room.title || [creator, ...members].map((u) => `${u.firstName} ${u.lastName}`).join(', ').slice(0, 200);
    const [created] = await tx
      .insert(chatRooms)
      .values({ title, romeType: 'CONTACT', creatorId: actor.id, regionCreated: isStaff(actor.role) })
      .returning();
    await tx.insert(chatMembers).values([
      { roomId: created.id, userId: actor.id, kind: 'CREATOR', addedBy: actor.id },
      ...members.map((m) => ({ roomId: created.id, userId: m.id, kind: 'MEMBER', addedBy: actor.id })),
    ]);
    await writeAudit(tx, { action: 'CHAT_ROOM_CREATED', logUser: actor.email, value: { roomId: created.id, title, members: members.map((m) => m.email) }, meta });
    return created;
  });
  if (others.length) ctx.events.emit('chat.membersAdded', { roomId: row.id, userIds: others, actorId: actor.id, invited: false });
  return (await presentRooms(ctx, [row]))[0];
}

/**
 * POST /chats/addRoomOffer/{offerId}: the negotiation room of an offer one may see, created on first use.
 * The first opener's country is the sender; the offer's country receives. Someone else who may see the offer
 * but is not yet in its room joins it (and gets the room in their Invitation list).
 */
export async function openOfferRoom(ctx: AppContext, { actor, offerId, meta }: { actor: Actor; offerId: string; meta: RequestMeta }): Promise<ChatRoom> {
  if (!UUID.test(offerId)) throw notFound();
  const [offer] = await ctx.db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!offer || !canSeeOffer(actor, offer)) throw notFound();
  let joined = false;
  const room = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(chatRooms)
      .values({
        title: offer.name,
        romeType: 'OFFER',
        offerId,
        countryIdSender: isStaff(actor.role) ? null : actor.countryId,
        countryIdReceived: offer.countryId,
        creatorId: actor.id,
        regionCreated: isStaff(actor.role),
      })
      .onConflictDoNothing({ target: chatRooms.offerId });
    const [row] = await tx.select().from(chatRooms).where(eq(chatRooms.offerId, offerId)).limit(1);
    const member = await isExplicitMember(tx, row.id, actor.id);
    if (!canAccessRoom(actor, row, member) || (row.creatorId === actor.id && !member)) {
      await tx
        .insert(chatMembers)
        .values({ roomId: row.id, userId: actor.id, kind: row.creatorId === actor.id ? 'CREATOR' : 'INVITED', addedBy: actor.id })
        .onConflictDoNothing();
      joined = row.creatorId !== actor.id;
      if (row.creatorId === actor.id) await writeAudit(tx, { action: 'CHAT_ROOM_CREATED', logUser: actor.email, value: { roomId: row.id, offerId }, meta });
    }
    return row;
  });
  if (joined) await postJoinMessage(ctx, room.id, actor.id);
  return (await presentRooms(ctx, [room]))[0];
}

async function senderOf(ctx: AppContext, userId: string | null) {
  if (!userId) return null;
  const [row] = await ctx.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** When this instance last moved each room's lastMessageAt (a busy room is not updated on every message). */
const roomTouched = new Map<string, number>();
const TOUCH_EVERY_MS = 5000;

/**
 * Keeps rooms ordered by activity: lastMessageAt is moved at most every 5 s per room and instance, so the lists'
 * order is right to within seconds while a busy room costs one INSERT per message, not two statements.
 */
async function touchRoom(ctx: AppContext, roomId: string, at: Date): Promise<void> {
  const now = Date.now();
  if (now - (roomTouched.get(roomId) ?? 0) < TOUCH_EVERY_MS) return;
  roomTouched.set(roomId, now);
  if (roomTouched.size > 10_000) roomTouched.clear();
  await ctx.db.update(chatRooms).set({ lastMessageAt: at }).where(eq(chatRooms.id, roomId));
}

/** Stores a message, then publishes it to the room's live subscribers (never the other way round). */
async function storeAndPublish(
  ctx: AppContext,
  values: typeof chatMessages.$inferInsert,
  file: { fileName: string; contentType: string } | null,
  knownSender?: { id: string; firstName: string; lastName: string },
): Promise<ChatMessage> {
  const [stored] = await ctx.db.insert(chatMessages).values(values).returning();
  await touchRoom(ctx, stored.roomId, stored.createdAt);
  const message = presentMessage(stored, knownSender ?? (await senderOf(ctx, stored.senderId)), file);
  await ctx.realtime.publish(roomTopic(stored.roomId), message);
  return message;
}

async function postJoinMessage(ctx: AppContext, roomId: string, userId: string): Promise<void> {
  const user = await senderOf(ctx, userId);
  if (!user) return;
  await storeAndPublish(ctx, { roomId, senderId: userId, type: 'JOIN', messageType: 'MESSAGE', conversation: `${user.firstName} ${user.lastName} joined the conversation` }, null);
}

/** POST /chats/addInviteUser: adds an approved user to a room one is in. */
export async function inviteUser(ctx: AppContext, { actor, roomId, userId, meta }: { actor: Actor; roomId: string; userId: string; meta: RequestMeta }): Promise<ChatRoom> {
  const room = await requireRoom(ctx, actor, roomId);
  if (!UUID.test(userId)) throw notFound('User not found');
  const [target] = await ctx.db
    .select({ id: users.id, email: users.email, countryId: users.countryId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'ACTIVE')))
    .limit(1);
  if (!target) throw notFound('User not found');
  if (canAccessRoom(target, room, await isExplicitMember(ctx.db, room.id, target.id))) throw conflict(CHAT_MESSAGES.alreadyMember);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(chatMembers).values({ roomId: room.id, userId: target.id, kind: 'INVITED', addedBy: actor.id });
    await writeAudit(tx, { action: 'CHAT_USER_INVITED', logUser: actor.email, targetUser: target.email, value: { roomId: room.id }, meta });
  });
  await postJoinMessage(ctx, room.id, target.id);
  ctx.events.emit('chat.membersAdded', { roomId: room.id, userIds: [target.id], actorId: actor.id, invited: true });
  return (await presentRooms(ctx, [room]))[0];
}

/** GET /chats/getAllMessageByRome/{roomId}: page 0 is the newest page; messages oldest first within a page. */
export async function listMessages(
  ctx: AppContext,
  { actor, roomId, page = 0, size = CHAT_PAGE_SIZE }: { actor: Actor; roomId: string; page?: number; size?: number },
): Promise<MessagePage> {
  const room = await requireRoom(ctx, actor, roomId);
  const [{ total }] = await ctx.db.select({ total: sql<number>`count(*)::int` }).from(chatMessages).where(eq(chatMessages.roomId, room.id));
  const rows = await ctx.db
    .select({ message: chatMessages, sender: { id: users.id, firstName: users.firstName, lastName: users.lastName }, file: { fileName: storedFiles.fileName, contentType: storedFiles.contentType } })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId))
    .leftJoin(storedFiles, eq(storedFiles.key, chatMessages.fileKey))
    .where(eq(chatMessages.roomId, room.id))
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.id))
    .limit(size)
    .offset(page * size);
  const content = rows.reverse().map((r) => presentMessage(r.message, r.sender?.id ? r.sender : null, r.file?.fileName ? (r.file as { fileName: string; contentType: string }) : null));
  return { content, page, size, totalElements: total, last: (page + 1) * size >= total };
}

/**
 * A message SENT to /app/addMessage: validated, authorized (room membership; an attachment must be one's own
 * upload), stored, then published. Refusals become STOMP ERROR frames.
 */
export async function sendMessage(
  ctx: AppContext,
  { actor, body, authorized }: { actor: Actor & { firstName: string; lastName: string }; body: string; authorized?: Set<string> },
): Promise<ChatMessage> {
  let parsed;
  try {
    parsed = liveMessageSchema.parse(JSON.parse(body));
  } catch {
    throw new LiveRefusal('A message is JSON with romes.id, conversation, file and messageType');
  }
  const roomId = parsed.romes.id;
  // A connection that has already been let into the room (subscribed or sent) is not checked again: rooms
  // have no way to lose a member, and a deactivated country's connections are closed.
  if (!authorized?.has(`room:${roomId}`)) {
    if (!(await findAccessibleRoom(ctx, actor, roomId))) throw new LiveRefusal('Room not found');
    authorized?.add(`room:${roomId}`);
  }
  const text = parsed.conversation.trim();
  const fileKey = parsed.file || null;
  if (!text && !fileKey) throw new LiveRefusal(CHAT_MESSAGES.emptyMessage);
  let file: { fileName: string; contentType: string } | null = null;
  if (fileKey) {
    const [row] = await ctx.db
      .select({ fileName: storedFiles.fileName, contentType: storedFiles.contentType })
      .from(storedFiles)
      .where(and(eq(storedFiles.key, fileKey), eq(storedFiles.ownerId, actor.id)))
      .limit(1);
    if (!row) throw new LiveRefusal('File not found');
    file = row;
  }
  const message = await storeAndPublish(
    ctx,
    { roomId, senderId: actor.id, type: 'NORMAL', messageType: fileKey ? 'FILE' : 'MESSAGE', conversation: text, fileKey },
    file,
    { id: actor.id, firstName: actor.firstName, lastName: actor.lastName },
  );
  ctx.events.emit('chat.messageSent', { roomId, messageId: message.id, senderId: actor.id });
  return message;
}

/** GET /profile/approved: active users one can start a conversation with (everyone but oneself). */
export async function listApprovedUsers(ctx: AppContext, { actor, search }: { actor: Actor; search?: string }): Promise<ChatUser[]> {
  const term = search?.trim();
  const rows = await ctx.db
    .select(userColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        ne(users.id, actor.id),
        term ? sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${`%${term.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(1000);
  return rows.map(chatUserOf);
}

/**
 * The ids of a room's participants other than the given ones (those viewing it): a lean query for the
 * notification pass of busy rooms, which returns nothing when everyone is looking at the room.
 */
export async function participantIdsExcept(ctx: AppContext, roomId: string, exclude: string[]): Promise<{ room: RoomRow; userIds: string[] } | null> {
  const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, roomId)).limit(1);
  if (!room) return null;
  const notExcluded = (column: typeof users.id | typeof chatMembers.userId) => (exclude.length ? notInArray(column, exclude) : undefined);
  const explicit = await ctx.db
    .select({ id: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), notExcluded(chatMembers.userId)));
  const countryIds = room.romeType === 'OFFER' ? [room.countryIdSender, room.countryIdReceived].filter((id): id is number => id !== null) : [];
  const byCountry = countryIds.length
    ? await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.countryId, countryIds), eq(users.status, 'ACTIVE'), notExcluded(users.id)))
    : [];
  return { room, userIds: [...new Set([...explicit, ...byCountry].map((r) => r.id))] };
}

/** Whether a file key was posted in a room the actor may see (chat's rule for the file store). */
export async function fileVisibleInRooms(ctx: AppContext, actor: Actor, key: string): Promise<boolean> {
  const rooms = await ctx.db
    .selectDistinct({ room: chatRooms })
    .from(chatMessages)
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(eq(chatMessages.fileKey, key));
  for (const { room } of rooms) if (canAccessRoom(actor, room, await isExplicitMember(ctx.db, room.id, actor.id))) return true;
  return false;
}

export async function fileInMessages(ctx: AppContext, key: string): Promise<boolean> {
  const [row] = await ctx.db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.fileKey, key)).limit(1);
  return !!row;
}
