import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { isStaff, isUuid } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { chatMembers, chatRooms } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';

export type RoomRow = typeof chatRooms.$inferSelect;

/** The key of a live connection's `authorized` set once it has been let into a room (subscribed or sent). */
export const roomKey = (roomId: string) => `room:${roomId}`;

/** Whether a country is one of the two negotiating in an OFFER room (the opener and the offer's country). */
export function isRoomCountry(room: RoomRow, countryId: number | null): boolean {
  return countryId !== null && (countryId === room.countryIdSender || countryId === room.countryIdReceived);
}

/**
 * Who may see a room: its explicit members, and for an OFFER room the users of the two countries negotiating
 * (the one that opened it and the one whose offer it is) and the secretariat, which may open any negotiation.
 * A third country is not among them, not even as an explicit member (one added before adding was refused): each
 * opening country has a room of its own with the offer's country.
 */
export function canAccessRoom(
  actor: Pick<Actor, 'countryId'> & { role?: Actor['role'] },
  room: RoomRow,
  isMember: boolean,
): boolean {
  if (room.romeType !== 'OFFER') return isMember;
  if (isStaff(actor.role)) return true;
  if (actor.countryId === null) return isMember;
  return isRoomCountry(room, actor.countryId);
}

export async function isExplicitMember(db: Db | Tx, roomId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .limit(1);
  return !!row;
}

/** The room if the actor may see it; otherwise null (the caller answers 404). */
export async function findAccessibleRoom(
  ctx: AppContext,
  actor: Pick<Actor, 'id' | 'countryId' | 'role'>,
  roomId: string,
): Promise<RoomRow | null> {
  if (!isUuid(roomId)) return null;
  const [room] = await ctx.db.select().from(chatRooms).where(eq(chatRooms.id, roomId)).limit(1);
  if (!room) return null;
  return canAccessRoom(actor, room, await isExplicitMember(ctx.db, roomId, actor.id)) ? room : null;
}

export async function requireRoom(ctx: AppContext, actor: Actor, roomId: string): Promise<RoomRow> {
  const room = await findAccessibleRoom(ctx, actor, roomId);
  if (!room) throw refusal('CHAT_ROOM_NOT_FOUND');
  return room;
}

/** The ids of the rooms a user was added to, as a subquery. */
export function roomIdsOfMember(ctx: AppContext, userId: string) {
  return ctx.db.select({ roomId: chatMembers.roomId }).from(chatMembers).where(eq(chatMembers.userId, userId));
}

/** The rooms a country is one of the two negotiating in (none for a user without a country). */
export function negotiatedBy(countryId: number | null): SQL | undefined {
  return countryId !== null
    ? or(eq(chatRooms.countryIdReceived, countryId), eq(chatRooms.countryIdSender, countryId))
    : undefined;
}

/**
 * The ids of every room the actor may read (the same rule as canAccessRoom, row by row): the rooms one was added to,
 * and the negotiation rooms of one's country (all of them for the secretariat). Never a room of a third country.
 */
export async function readableRoomIds(ctx: AppContext, actor: Pick<Actor, 'id' | 'countryId' | 'role'>) {
  const memberOf = roomIdsOfMember(ctx, actor.id);
  const offerOfCountry = negotiatedBy(actor.countryId);
  const rows = await ctx.db
    .select()
    .from(chatRooms)
    .where(
      or(
        inArray(chatRooms.id, memberOf),
        isStaff(actor.role) ? eq(chatRooms.romeType, 'OFFER') : and(eq(chatRooms.romeType, 'OFFER'), offerOfCountry),
      ),
    );
  const mine = new Set((await memberOf).map((m) => m.roomId));
  return rows.filter((room) => canAccessRoom(actor, room, mine.has(room.id))).map((room) => room.id);
}
