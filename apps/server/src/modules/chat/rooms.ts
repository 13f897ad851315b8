import { and, asc, desc, eq, inArray, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import {
  CHAT_MESSAGES,
  isStaff,
  isUuid,
  offerNameFor,
  type ChatRoom,
  type ChatUser,
  type NewRoom,
  type OfferRooms,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { chatMembers, chatRooms, countries, offerVersions, offers, regions, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { businessRule, notFound, refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { foldedContains } from '../../lib/search-sql.js';
import { writeAudit } from '../logs/service.js';
import { canSeeOffer } from '../offers/access.js';
import { canAccessRoom, isExplicitMember, negotiatedBy, requireRoom, roomIdsOfMember, type RoomRow } from './access.js';
import { postJoinMessage } from './messages.js';
import { announceRoom } from './unread.js';
import { sharedRoomWithMembers } from './audience.js';
import { chatUserOf, participantsOf, presentOneRoom, presentRooms, userColumns } from './room-people.js';

/** GET /chats/getAllRomes: the contact rooms one is in, most recently active first. */
export async function listContactRooms(ctx: AppContext, { actor }: { actor: Actor }): Promise<ChatRoom[]> {
  const rows = await ctx.db
    .select({ room: chatRooms })
    .from(chatRooms)
    .innerJoin(chatMembers, and(eq(chatMembers.roomId, chatRooms.id), eq(chatMembers.userId, actor.id)))
    .where(eq(chatRooms.romeType, 'CONTACT'))
    .orderBy(desc(chatRooms.lastMessageAt));
  return presentRooms(
    ctx,
    rows.map((r) => r.room),
    actor.id,
  );
}

/**
 * GET /chats/getAllRoomesOffer: negotiation rooms in three lists. Received: about one's own country's offer.
 * Sent: opened by one's country (for those without a country: the secretariat's rooms they are in). Invitation: the
 * rest one may see: rooms one was invited into, and for the secretariat the rooms between two countries.
 */
export async function listOfferRooms(ctx: AppContext, { actor }: { actor: Actor }): Promise<OfferRooms> {
  const staff = isStaff(actor.role);
  const memberOf = roomIdsOfMember(ctx, actor.id);
  const countryMatch = negotiatedBy(actor.countryId);
  const rows = await ctx.db
    .select()
    .from(chatRooms)
    .where(
      and(
        eq(chatRooms.romeType, 'OFFER'),
        staff ? undefined : or(inArray(chatRooms.id, memberOf), eq(chatRooms.creatorId, actor.id), countryMatch),
      ),
    )
    .orderBy(desc(chatRooms.lastMessageAt));
  const mine = new Set((await memberOf).map((m) => m.roomId));
  const visible = staff
    ? rows.filter((r) => r.countryIdSender !== null || mine.has(r.id) || r.creatorId === actor.id)
    : rows.filter((r) => canAccessRoom(actor, r, mine.has(r.id)));
  const lists: OfferRooms = { received: [], sender: [], invitation: [] };
  const ownCountry = staff ? null : actor.countryId;
  const listOf = (row: RoomRow) => {
    if (ownCountry !== null && row.countryIdReceived === ownCountry) return lists.received;
    if (row.countryIdSender === ownCountry && (ownCountry !== null || mine.has(row.id) || row.creatorId === actor.id))
      return lists.sender;
    return lists.invitation;
  };
  // Each room goes to its row's list, in the rows' order (rooms are presented by id).
  const listByRoom = new Map(visible.map((row) => [row.id, listOf(row)]));
  for (const room of await presentRooms(ctx, visible, actor.id)) listByRoom.get(room.id)?.push(room);
  return lists;
}

export async function getRoom(ctx: AppContext, { actor, roomId }: { actor: Actor; roomId: string }): Promise<ChatRoom> {
  const room = await requireRoom(ctx, actor, roomId);
  return presentOneRoom(ctx, room, actor.id);
}

export async function listParticipants(
  ctx: AppContext,
  { actor, roomId }: { actor: Actor; roomId: string },
): Promise<ChatUser[]> {
  const room = await requireRoom(ctx, actor, roomId);
  return (await participantsOf(ctx, [room])).get(room.id)?.people ?? [];
}

/** Active users of the given ids; refuses the whole list when one is unknown or not active. */
async function activeUsers(db: Db | Tx, ids: string[]) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, ...nameColumns(users), email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'ACTIVE')));
  if (rows.length !== ids.length) throw refusal('CHAT_PARTICIPANTS_REFUSED');
  return rows;
}

/** POST /chats/addRomes: a contact room with its creator and the chosen users. */
export async function createContactRoom(
  ctx: AppContext,
  { actor, room, meta }: { actor: Actor; room: NewRoom; meta: RequestMeta },
): Promise<ChatRoom> {
  const others = [...new Set(room.profileDtos)].filter((id) => id !== actor.id);
  if (!room.title && others.length === 0) throw refusal('CHAT_TITLE_REQUIRED');
  const creator = only(await ctx.db.select().from(users).where(eq(users.id, actor.id)).limit(1));
  const row = await ctx.db.transaction(async (tx) => {
    const members = await activeUsers(tx, others);
    const title =
      room.title ||
      [creator, ...members]
        .map((u) => `${u.firstName} ${u.lastName}`)
        .join(', ')
        .slice(0, 200);
    const created = only(
      await tx
        .insert(chatRooms)
        .values({ title, romeType: 'CONTACT', creatorId: actor.id, regionCreated: isStaff(actor.role) })
        .returning(),
    );
    await tx
      .insert(chatMembers)
      .values([
        { roomId: created.id, userId: actor.id, kind: 'CREATOR', addedBy: actor.id },
        ...members.map((m) => ({ roomId: created.id, userId: m.id, kind: 'MEMBER', addedBy: actor.id })),
      ]);
    await writeAudit(tx, {
      action: 'CHAT_ROOM_CREATED',
      logUser: actor.email,
      value: { roomId: created.id, title, members: members.map((m) => m.email) },
      meta,
    });
    return created;
  });
  if (others.length)
    ctx.events.emit('chat.membersAdded', { roomId: row.id, userIds: others, actorId: actor.id, invited: false });
  await announceRoom(ctx, row.id);
  return presentOneRoom(ctx, row, actor.id);
}

/** An offer room's title: the latest submitted version's name, never the draft's ('<Country> Conditional Initial Offer' before any). */
async function offerRoomTitle(
  db: Db | Tx,
  offer: { id: string; versions: number; countryId: number },
): Promise<string> {
  if (offer.versions > 0) {
    const [latest] = await db
      .select({ name: offerVersions.snapshotName })
      .from(offerVersions)
      .where(and(eq(offerVersions.offerId, offer.id), eq(offerVersions.number, offer.versions)))
      .limit(1);
    if (latest?.name?.trim()) return latest.name.trim().slice(0, 500);
  }
  const [country] = await db
    .select({ name: countries.name, nameFr: countries.nameFr, nameAr: countries.nameAr })
    .from(countries)
    .where(eq(countries.id, offer.countryId))
    .limit(1);
  // A room's stored title is shared by every member: the English default name.
  return offerNameFor(country ?? { name: '', nameFr: '', nameAr: '' }, 'en');
}

/**
 * The negotiation room of an offer between the sender country (null: the secretariat's side) and the offer's country,
 * created on first use (chat_rooms_offer_sender_uq keeps one when two open it at once). Also used by a request's
 * "Discuss", which opens the requesting and requested countries' room whoever of them asks.
 */
export async function ensureOfferRoom(
  tx: Tx,
  {
    offer,
    sender,
    actor,
  }: { offer: { id: string; versions: number; countryId: number }; sender: number | null; actor: Actor },
): Promise<{ room: RoomRow; created: boolean }> {
  const inserted = await tx
    .insert(chatRooms)
    .values({
      title: await offerRoomTitle(tx, offer),
      romeType: 'OFFER',
      offerId: offer.id,
      countryIdSender: sender,
      countryIdReceived: offer.countryId,
      creatorId: actor.id,
      regionCreated: sender === null,
    })
    .onConflictDoNothing() // chat_rooms_offer_sender_uq: someone of the same country opened it meanwhile
    .returning({ id: chatRooms.id });
  // Inserted now or by whoever won the conflict (committed before it was reported): the row is there.
  const room = only(
    await tx
      .select()
      .from(chatRooms)
      .where(
        and(
          eq(chatRooms.offerId, offer.id),
          sender === null ? isNull(chatRooms.countryIdSender) : eq(chatRooms.countryIdSender, sender),
        ),
      )
      .limit(1),
  );
  return { room, created: inserted.length > 0 };
}

/**
 * POST /chats/addRoomOffer/{offerId}: the negotiation room of an offer one may see, between one's country (the
 * sender) and the offer's country (the receiver), created on first use: bilateral, so a third country opening the
 * offer gets a room of its own and never reads another pair's talks. Those without a country (the secretariat,
 * advisors) share the secretariat's room with the offer's country and become its members. A country cannot open a
 * negotiation about its own offer (the rooms about it are under Received).
 */
export async function openOfferRoom(
  ctx: AppContext,
  { actor, offerId, meta }: { actor: Actor; offerId: string; meta: RequestMeta },
): Promise<ChatRoom> {
  if (!isUuid(offerId)) throw notFound();
  const [offer] = await ctx.db.select().from(offers).where(eq(offers.id, offerId)).limit(1);
  if (!offer || !canSeeOffer(actor, offer)) throw notFound();
  const sender = isStaff(actor.role) ? null : actor.countryId;
  if (sender !== null && sender === offer.countryId) throw businessRule(CHAT_MESSAGES.ownOfferRoom);
  let joined = false;
  let created = false;
  const room = await ctx.db.transaction(async (tx) => {
    const ensured = await ensureOfferRoom(tx, { offer, sender, actor });
    created = ensured.created;
    const row = ensured.room;
    const creator = row.creatorId === actor.id;
    // The creator is an explicit member; so is everyone on the secretariat's side, who has no country to enter by.
    if ((creator || sender === null) && !(await isExplicitMember(tx, row.id, actor.id))) {
      await tx
        .insert(chatMembers)
        .values({ roomId: row.id, userId: actor.id, kind: creator ? 'CREATOR' : 'INVITED', addedBy: actor.id })
        .onConflictDoNothing();
      joined = !creator;
      if (creator)
        await writeAudit(tx, {
          action: 'CHAT_ROOM_CREATED',
          logUser: actor.email,
          value: { roomId: row.id, offerId },
          meta,
        });
    }
    return row;
  });
  if (joined || created) ctx.events.emit('chat.membershipChanged', { roomId: room.id });
  if (joined) await postJoinMessage(ctx, room.id, actor.id);
  // A new negotiation appears under Received for the offer's country and under Invitation for the secretariat.
  if (created) await announceRoom(ctx, room.id);
  return presentOneRoom(ctx, room, actor.id);
}

/** GET /profile/approved: active users one can start a conversation with (everyone but oneself). */
export async function listApprovedUsers(
  ctx: AppContext,
  { actor, search }: { actor: Actor; search?: string },
): Promise<ChatUser[]> {
  const rows = await ctx.db
    .select(userColumns)
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        ne(users.id, actor.id),
        // Accent-insensitive, by the same folding as the web app's pickers.
        foldedContains(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(1000);
  return rows.map(chatUserOf);
}

/** A room participant as the notification pass needs them: who, and the name a mention would use. */
export interface Participant {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * A room's participants other than the given ones (those viewing it), with their names, for the notification pass
 * of busy rooms: the room and its members come from the read the room's announcement shares (chat/audience.ts), so a
 * message costs one read of its room; an offer room's countries are one more.
 */
export async function participantsExcept(
  ctx: AppContext,
  roomId: string,
  exclude: string[],
): Promise<{ room: RoomRow; people: Participant[] } | null> {
  const found = await sharedRoomWithMembers(ctx, roomId);
  if (!found) return null;
  const { room } = found;
  const excluded = new Set(exclude);
  const person = { id: users.id, ...nameColumns(users) };
  const explicit = found.members.filter((m) => !excluded.has(m.id) && canAccessRoom(m, room, true));
  const countryIds =
    room.romeType === 'OFFER'
      ? [room.countryIdSender, room.countryIdReceived].filter((id): id is number => id !== null)
      : [];
  const byCountry = countryIds.length
    ? await ctx.db
        .select(person)
        .from(users)
        .where(
          and(
            inArray(users.countryId, countryIds),
            eq(users.status, 'ACTIVE'),
            exclude.length ? notInArray(users.id, exclude) : undefined,
          ),
        )
    : [];
  const people = new Map<string, Participant>();
  for (const p of [...explicit, ...byCountry])
    people.set(p.id, { id: p.id, firstName: p.firstName, lastName: p.lastName });
  return { room, people: [...people.values()] };
}
