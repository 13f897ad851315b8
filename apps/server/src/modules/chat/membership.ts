import { and, eq, inArray } from 'drizzle-orm';
import { ERROR_CATALOGUE, isStaff, isUuid, mayRemoveFromRoom, roomInvitation, type ChatRoom } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { chatMembers, countries, users } from '../../db/schema/index.js';
import { AppError, firstOr404, refusal } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { canAccessRoom, isExplicitMember, isRoomCountry, requireRoom, type RoomRow } from './access.js';
import { endRoomLive } from './live.js';
import { postExitMessage, postJoinMessage } from './messages.js';
import { presentOneRoom } from './room-people.js';
import { announceRoom } from './unread.js';

/**
 * ROOM_BILATERAL with the room's countries named: 'This negotiation belongs to Kenya, Senegal and the secretariat…'
 * (the web app shows its own translation of the code).
 */
async function bilateralRefusal(ctx: AppContext, room: RoomRow): Promise<AppError> {
  const ids = [room.countryIdSender, room.countryIdReceived].filter((id): id is number => id !== null);
  const rows = ids.length
    ? await ctx.db.select({ id: countries.id, name: countries.name }).from(countries).where(inArray(countries.id, ids))
    : [];
  const names = ids.map((id) => rows.find((r) => r.id === id)?.name).filter((n): n is string => !!n);
  const { status, message } = ERROR_CATALOGUE.ROOM_BILATERAL;
  const named = names.length
    ? `This negotiation belongs to ${names.join(', ')} and the secretariat: a user of another country cannot be added.`
    : message;
  return new AppError(status, named, 'ROOM_BILATERAL');
}

/**
 * POST /chats/addInviteUser: adds an approved user to a room one is in. A negotiation room stays bilateral: a user
 * of a third country is refused (ROOM_BILATERAL); users without a country (the secretariat, advisors) may be added.
 */
export async function inviteUser(
  ctx: AppContext,
  { actor, roomId, userId, meta }: { actor: Actor; roomId: string; userId: string; meta: RequestMeta },
): Promise<ChatRoom> {
  const room = await requireRoom(ctx, actor, roomId);
  if (!isUuid(userId)) throw refusal('CHAT_USER_NOT_FOUND');
  const target = await firstOr404(
    ctx.db
      .select({ id: users.id, email: users.email, countryId: users.countryId })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'ACTIVE')))
      .limit(1),
    () => refusal('CHAT_USER_NOT_FOUND'),
  );
  // The secretariat may read any negotiation but is invited in (to be a participant, told of messages) like anyone
  // else: the rule looks at the user's country, not their role.
  const invitation = roomInvitation(
    { romeType: room.romeType, countries: [room.countryIdSender, room.countryIdReceived] },
    { country: target.countryId, isMember: await isExplicitMember(ctx.db, room.id, target.id) },
  );
  if (invitation === 'IN_ROOM') throw refusal('CHAT_ALREADY_MEMBER');
  if (invitation === 'THIRD_COUNTRY') throw await bilateralRefusal(ctx, room);
  await ctx.db.transaction(async (tx) => {
    await tx.insert(chatMembers).values({ roomId: room.id, userId: target.id, kind: 'INVITED', addedBy: actor.id });
    await writeAudit(tx, {
      action: 'CHAT_USER_INVITED',
      logUser: actor.email,
      targetUser: target.email,
      value: { roomId: room.id },
      meta,
    });
  });
  ctx.events.emit('chat.membershipChanged', { roomId: room.id });
  await postJoinMessage(ctx, room.id, target.id);
  ctx.events.emit('chat.membersAdded', { roomId: room.id, userIds: [target.id], actorId: actor.id, invited: true });
  return presentOneRoom(ctx, room, actor.id);
}

/**
 * Takes a member out of a room: the membership row and an audit entry in one transaction, then the room's EXIT
 * message, then (when that was their way in) their live subscription to the room ends on every instance.
 */
async function endMembership(
  ctx: AppContext,
  {
    room,
    target,
    actor,
    removed,
    meta,
  }: {
    room: RoomRow;
    target: { id: string; email: string; countryId: number | null; role: Actor['role'] };
    actor: Actor;
    removed: boolean;
    meta: RequestMeta;
  },
): Promise<void> {
  const gone = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .delete(chatMembers)
      .where(and(eq(chatMembers.roomId, room.id), eq(chatMembers.userId, target.id)))
      .returning({ userId: chatMembers.userId });
    if (!rows.length) return false;
    await writeAudit(tx, {
      action: removed ? 'CHAT_USER_REMOVED' : 'CHAT_USER_LEFT',
      logUser: actor.email,
      targetUser: removed ? target.email : null,
      value: { roomId: room.id },
      meta,
    });
    return true;
  });
  // Someone else took them out meanwhile: that call posted the message.
  if (!gone) throw refusal('ROOM_NOT_A_MEMBER');
  ctx.events.emit('chat.membershipChanged', { roomId: room.id });
  await postExitMessage(ctx, room.id, target.id, removed);
  // The secretariat still reads every negotiation: only its participation ends.
  if (!canAccessRoom(target, room, false)) await endRoomLive(ctx, room.id, target.id);
  // Their lists lose the room (or, for the secretariat, move it) at once, like everyone else's.
  await announceRoom(ctx, room.id, [target.id]);
}

/**
 * POST /chats/leaveRoom/{roomId}: one leaves a room one was added to. The users of a negotiation's two countries
 * take part by their country and cannot leave it (ROOM_CANNOT_LEAVE).
 */
export async function leaveRoom(
  ctx: AppContext,
  { actor, roomId, meta }: { actor: Actor; roomId: string; meta: RequestMeta },
): Promise<void> {
  const room = await requireRoom(ctx, actor, roomId);
  if (room.romeType === 'OFFER' && !isStaff(actor.role) && isRoomCountry(room, actor.countryId))
    throw refusal('ROOM_CANNOT_LEAVE');
  if (!(await isExplicitMember(ctx.db, room.id, actor.id))) throw refusal('ROOM_NOT_A_MEMBER');
  await endMembership(ctx, { room, target: actor, actor, removed: false, meta });
}

/**
 * POST /chats/removeUser?userId&roomId: the room's creator (or the secretariat, in a negotiation room) removes a
 * participant who was added to it. Removing oneself is leaving.
 */
export async function removeUser(
  ctx: AppContext,
  { actor, roomId, userId, meta }: { actor: Actor; roomId: string; userId: string; meta: RequestMeta },
): Promise<ChatRoom> {
  const room = await requireRoom(ctx, actor, roomId);
  if (userId === actor.id) {
    await leaveRoom(ctx, { actor, roomId, meta });
    return presentOneRoom(ctx, room, actor.id);
  }
  if (!mayRemoveFromRoom(actor, room)) throw refusal('ROOM_REMOVE_FORBIDDEN');
  if (!isUuid(userId)) throw refusal('CHAT_USER_NOT_FOUND');
  const target = await firstOr404(
    ctx.db
      .select({ id: users.id, email: users.email, countryId: users.countryId, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    () => refusal('CHAT_USER_NOT_FOUND'),
  );
  if (room.romeType === 'OFFER' && !isStaff(target.role) && isRoomCountry(room, target.countryId))
    throw refusal('ROOM_CANNOT_REMOVE');
  if (!(await isExplicitMember(ctx.db, room.id, target.id))) throw refusal('ROOM_NOT_A_MEMBER');
  await endMembership(ctx, { room, target, actor, removed: true, meta });
  return presentOneRoom(ctx, room, actor.id);
}
