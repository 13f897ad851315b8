import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { preparedPer } from '../../db/prepared.js';
import { chatMembers, chatRooms, users } from '../../db/schema/index.js';
import type { RoomRow } from './access.js';

/** An explicit member of a room, as the announcement and the notification pass of its messages need them. */
export interface RoomMember {
  id: string;
  firstName: string;
  lastName: string;
  countryId: number | null;
  role: (typeof users.$inferSelect)['role'];
}

export interface RoomWithMembers {
  room: RoomRow;
  members: RoomMember[];
}

/** The room and its explicit members in one statement, prepared once. */
const roomWithMembersStatement = preparedPer((db) => {
  const members = sql<RoomMember[]>`(select coalesce(json_agg(json_build_object(
      'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'countryId', u.country_id, 'role', u.role)), '[]'::json)
    from ${chatMembers} m join ${users} u on u.id = m.user_id where m.room_id = ${chatRooms}.id)`;
  return db
    .select({ room: chatRooms, members })
    .from(chatRooms)
    .where(eq(chatRooms.id, sql.placeholder('roomId')))
    .limit(1)
    .prepare('chat_room_with_members');
});

/**
 * How long a room's read is shared by the passes that follow its messages (the announcement of the room after
 * CHAT_ROOM_ANNOUNCE_MS, the notifications of the members away after the notification batch), when several instances
 * run: short, so that a change of membership made on another instance shows within it.
 */
export const SHARED_READ_MS = 1000;

/**
 * How long a lone instance (no Redis) keeps a room's read: every change of a room's membership, or of its members'
 * names, roles and countries, is then made here and forgets it at once, so it is kept until one happens (a minute at
 * most). A busy room is then read once a minute, not once per message.
 */
export const KEPT_READ_MS = 60_000;

interface Shared {
  at: number;
  read: Promise<RoomWithMembers | null>;
}

/** Per app (tests run several in one process). @cache room-reads */
const sharedReads = new WeakMap<AppContext, Map<string, Shared>>();

/** The room and its explicit members, read now: for answers to a change of membership, which must see it. */
export async function readRoomWithMembers(ctx: AppContext, roomId: string): Promise<RoomWithMembers | null> {
  const [found] = await roomWithMembersStatement(ctx.db).execute({ roomId });
  return found ?? null;
}

/**
 * The room and its explicit members for the passes that follow its messages: the read kept (SHARED_READ_MS, or
 * KEPT_READ_MS on a lone instance) if there is one, else a new one.
 */
export function sharedRoomWithMembers(
  ctx: AppContext,
  roomId: string,
  now = Date.now(),
): Promise<RoomWithMembers | null> {
  let reads = sharedReads.get(ctx);
  if (!reads) sharedReads.set(ctx, (reads = new Map()));
  const kept = reads.get(roomId);
  if (kept && now - kept.at < (ctx.alone ? KEPT_READ_MS : SHARED_READ_MS)) return kept.read;
  if (reads.size > 10_000) reads.clear();
  const read = readRoomWithMembers(ctx, roomId);
  const entry = { at: now, read };
  reads.set(roomId, entry);
  // A failed read is not kept: the next pass reads again.
  read.catch(() => {
    if (reads.get(roomId) === entry) reads.delete(roomId);
  });
  return read;
}

/**
 * Forgets kept room reads on the events that change them, inside `emit`: a room's membership changed on this instance
 * (that room's read); a user's name, role or country changed, or their access ended (every read: such changes are
 * rare, and finding the rooms a user is in would cost more than reading again the rooms that are busy).
 */
export function forgetRoomReadsOnChanges(ctx: AppContext): void {
  ctx.events.onSync('chat.membershipChanged', ({ roomId }) => sharedReads.get(ctx)?.delete(roomId));
  const forgetAll = () => sharedReads.get(ctx)?.clear();
  ctx.events.onSync('user.accessChanged', forgetAll);
  ctx.events.onSync('user.accessEnded', forgetAll);
  ctx.events.onSync('country.activeChanged', forgetAll);
}
