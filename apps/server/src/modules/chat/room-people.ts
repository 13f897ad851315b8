// Who is in a room and how rooms are presented to a viewer (their people, member ids, unread state).
import { and, asc, eq, inArray } from 'drizzle-orm';
import { isStaff, type ChatRoom, type ChatUser, type Role } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { chatMembers, countries, regions, users } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';
import { presentChatUser, presentRoom, type CountryRef } from './presenter.js';
import { canAccessRoom, isRoomCountry, type RoomRow } from './access.js';
import { readState } from './unread.js';

export const userColumns = {
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

type UserWithPlace = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  role: Role;
  countryCode: string | null;
  countryName: string | null;
  regionName: string | null;
};

export function chatUserOf(row: UserWithPlace): ChatUser {
  return presentChatUser(
    row,
    row.countryCode && row.countryName ? { code: row.countryCode, name: row.countryName } : null,
    row.regionName,
  );
}

interface RoomPeople {
  /** Everyone taking part. */
  people: ChatUser[];
  /** Those added to the room (not in it by their country). */
  memberIds: string[];
}

/**
 * Everyone in each room: explicit members, and for OFFER rooms the active users of both countries. An explicit
 * member of a third country (added before that was refused) has no access and is left out.
 */
export async function participantsOf(ctx: AppContext, rooms: RoomRow[]): Promise<Map<string, RoomPeople>> {
  const result = new Map<string, RoomPeople>(rooms.map((r) => [r.id, { people: [], memberIds: [] }]));
  if (!rooms.length) return result;
  const explicit = await ctx.db
    .select({ roomId: chatMembers.roomId, memberCountryId: users.countryId, ...userColumns })
    .from(chatMembers)
    .innerJoin(users, eq(users.id, chatMembers.userId))
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(
      inArray(
        chatMembers.roomId,
        rooms.map((r) => r.id),
      ),
    )
    .orderBy(asc(chatMembers.joinedAt));
  const countryIds = [
    ...new Set(
      rooms
        .flatMap((r) => (r.romeType === 'OFFER' ? [r.countryIdSender, r.countryIdReceived] : []))
        .filter((id): id is number => id !== null),
    ),
  ];
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
    const entry = result.get(room.id)!;
    const add = (row: UserWithPlace) => {
      if (seen.has(row.id)) return;
      seen.add(row.id);
      entry.people.push(chatUserOf(row));
    };
    for (const m of explicit) {
      if (m.roomId !== room.id || !canAccessRoom({ countryId: m.memberCountryId, role: m.role }, room, true)) continue;
      add(m);
      entry.memberIds.push(m.id);
    }
    if (room.romeType === 'OFFER') byCountry.filter((u) => isRoomCountry(room, u.countryId)).forEach(add);
  }
  return result;
}

/** Rooms as the API shows them to a viewer, with their participants and what the viewer has not read. */
export async function presentRooms(ctx: AppContext, rooms: RoomRow[], viewerId: string): Promise<ChatRoom[]> {
  const participants = await participantsOf(ctx, rooms);
  const reads = await readState(
    ctx,
    viewerId,
    rooms.map((r) => r.id),
  );
  const countryRows = await ctx.db
    .select({ id: countries.id, code: countries.code, name: countries.name })
    .from(countries);
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
    const { people, memberIds } = participants.get(room.id) ?? { people: [], memberIds: [] };
    return presentRoom(
      room,
      people,
      memberIds,
      countriesById,
      {
        countryName: creator && !isStaff(creator.role) ? creator.countryName : null,
        regionName: creator?.regionName ?? null,
      },
      reads.get(room.id) ?? { unread: 0, lastReadAt: null },
    );
  });
}

/** One room as the API shows it to a viewer (`presentRooms` of that room alone). */
export async function presentOneRoom(ctx: AppContext, room: RoomRow, viewerId: string): Promise<ChatRoom> {
  return only(await presentRooms(ctx, [room], viewerId));
}
