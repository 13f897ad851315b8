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
 * How long a room's read is shared by the passes that follow a message: the announcement of the room (after
 * CHAT_ROOM_ANNOUNCE_MS) and the notifications of the members away (after the notification batch) are a few dozen
 * milliseconds apart and read the same room; one read serves both. Short, so that a change of membership made on
 * another instance shows within it; this instance forgets a room at once when its membership changes here.
 */
export const SHARED_READ_MS = 1000;

interface Shared {
  at: number;
  read: Promise<RoomWithMembers | null>;
}

/** Per app (tests run several in one process). */
const sharedReads = new WeakMap<AppContext, Map<string, Shared>>();

/** The room and its explicit members, read now: for answers to a change of membership, which must see it. */
export async function readRoomWithMembers(ctx: AppContext, roomId: string): Promise<RoomWithMembers | null> {
  const [found] = await roomWithMembersStatement(ctx.db).execute({ roomId });
  return found ?? null;
}

/**
 * The room and its explicit members for the passes that follow its messages: the read of the last SHARED_READ_MS if
 * there is one, else a new one (a busy room is read once per message burst, not once per pass).
 */
export function sharedRoomWithMembers(
  ctx: AppContext,
  roomId: string,
  now = Date.now(),
): Promise<RoomWithMembers | null> {
  let reads = sharedReads.get(ctx);
  if (!reads) sharedReads.set(ctx, (reads = new Map()));
  const kept = reads.get(roomId);
  if (kept && now - kept.at < SHARED_READ_MS) return kept.read;
  if (reads.size > 10_000) reads.clear();
  const read = readRoomWithMembers(ctx, roomId);
  const entry = { at: now, read };
  reads.set(roomId, entry);
  // A failed read is not shared: the next pass reads again.
  read.catch(() => {
    if (reads.get(roomId) === entry) reads.delete(roomId);
  });
  return read;
}

/** Forgets the shared read of a room whose membership has just changed on this instance. */
export function forgetRoomRead(ctx: AppContext, roomId: string): void {
  sharedReads.get(ctx)?.delete(roomId);
}
