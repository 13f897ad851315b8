/**
 * Bilateral rooms stay bilateral: a negotiation room is its two countries' and the secretariat's; people
 * added to a room may leave it, and its creator (or the secretariat, in a negotiation) may remove them, shown in
 * the room as EXIT messages; access, live delivery included, ends at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CHAT_MESSAGES, ERROR_CATALOGUE } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { auditLogs, chatMembers, chatMessages } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { postMessages } from '../../../test/chat-messages.js';
import { buildSubmittedOffer } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const contactRoom = async (token: string, title: string, profileDtos: string[]) =>
  (
    await call(t, 'POST', '/chats/addRomes', {
      token,
      body: { title, profileDtos, offerDoc: null, countryIdSender: null, countryIdReceived: null, romeType: 'CONTACT' },
    })
  ).body.payload as { id: string };

/**
 * An offer of a country (one per country: each test takes its own), and the negotiation room Senegal opened about it.
 */
async function senegalRoomAbout(offerCountry: string) {
  const ke = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: offerCountry });
  const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
  const offer = await buildSubmittedOffer(t.ctx, { country: offerCountry, creatorId: ke.id });
  const room = (await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: sn.token })).body.payload as {
    id: string;
  };
  return { ke, sn, offer, room };
}

const invite = (token: string, roomId: string, userId: string) =>
  call(t, 'POST', `/chats/addInviteUser?userId=${userId}&roomId=${roomId}`, { token });
const remove = (token: string, roomId: string, userId: string) =>
  call(t, 'POST', `/chats/removeUser?userId=${userId}&roomId=${roomId}`, { token });
const leave = (token: string, roomId: string) => call(t, 'POST', `/chats/leaveRoom/${roomId}`, { token });

const messagesOf = (roomId: string) => t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
const isMember = async (roomId: string, userId: string) =>
  (
    await t.ctx.db
      .select()
      .from(chatMembers)
      .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
  ).length === 1;
const auditOf = async (email: string) =>
  (await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, email))).map((a) => a.action);

describe('room membership calls', () => {
  it('requires authentication', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/chats/leaveRoom/${id}`, `/chats/removeUser?userId=${id}&roomId=${id}`]) {
      expect((await call(t, 'POST', path)).status, path).toBe(401);
    }
  });
});

describe('a negotiation room stays bilateral', () => {
  it('refuses to add a user of a third country (nothing stored, no join message); the secretariat may be added', async () => {
    const { sn, room } = await senegalRoomAbout('KE');
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const before = await messagesOf(room.id);

    const refused = await invite(sn.token, room.id, ng.id);
    expect(refused).toMatchObject({ status: 422, body: { code: 'ROOM_BILATERAL' } });
    expect(refused.body.message).toMatch(/^This negotiation belongs to .+ and the secretariat: a user of another/);
    expect(refused.body.message).toContain('Kenya');
    expect(await isMember(room.id, ng.id)).toBe(false);
    expect(await messagesOf(room.id)).toHaveLength(before.length);
    expect(await auditOf(sn.email)).not.toContain('CHAT_USER_INVITED');
    expect((await call(t, 'GET', `/chats/getRoomById/${room.id}`, { token: ng.token })).status).toBe(404);

    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const added = await invite(sn.token, room.id, staff.id);
    expect(added).toMatchObject({ status: 200, body: { message: CHAT_MESSAGES.userAdded } });
    expect(added.body.payload.memberIds).toContain(staff.id);
    expect((await messagesOf(room.id)).map((m) => m.type)).toContain('JOIN');
  });

  it('leaves contact rooms free: a user of any country may be added', async () => {
    const ke = await userWithToken(t, { country: 'KE' });
    const ng = await userWithToken(t, { country: 'NG' });
    const room = await contactRoom(ke.token, 'Open talk', []);
    expect((await invite(ke.token, room.id, ng.id)).status).toBe(200);
  });

  it('denies a third-country user added before the rule: no room, no messages, no live subscription, no sending', async () => {
    const { sn, room } = await senegalRoomAbout('UG');
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    await t.ctx.db.insert(chatMembers).values({ roomId: room.id, userId: ng.id, kind: 'INVITED', addedBy: sn.id });

    for (const path of [
      `/chats/getRoomById/${room.id}`,
      `/chats/getAllMessageByRome/${room.id}`,
      `/chats/profileByRooms/${room.id}`,
    ]) {
      expect((await call(t, 'GET', path, { token: ng.token })).status, path).toBe(404);
    }
    const lists = (await call(t, 'GET', '/chats/getAllRoomesOffer', { token: ng.token })).body.payload;
    expect([...lists.received, ...lists.sender, ...lists.invitation].map((r: { id: string }) => r.id)).not.toContain(
      room.id,
    );
    const participants = (await call(t, 'GET', `/chats/profileByRooms/${room.id}`, { token: sn.token })).body.payload;
    expect(participants.map((p: { userId: string }) => p.userId)).not.toContain(ng.id);

    await expect(connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), ng.token)).rejects.toThrow(
      'Not found',
    );
    const live = await connectLive(liveUrl(t.api), ng.token);
    live.client.subscribe(`/topic/messages/${room.id}`, () => {});
    expect((await live.closed).error?.headers.message).toBe(`You cannot subscribe to /topic/messages/${room.id}`);
    const sender = await connectLive(liveUrl(t.api), ng.token);
    sender.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: room.id }, conversation: 'let me in', messageType: 'MESSAGE' }),
    });
    expect((await sender.closed).error?.headers.message).toBe('Room not found');
    expect((await messagesOf(room.id)).map((m) => m.conversation)).not.toContain('let me in');
  });
});

describe('leaving a room', () => {
  it('takes an added member out with an EXIT message, and their access ends', async () => {
    const owner = await userWithToken(t, { country: 'KE' });
    const guest = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const room = await contactRoom(owner.token, 'Leaving', [guest.id]);

    const res = await leave(guest.token, room.id);
    expect(res).toMatchObject({ status: 200, body: { message: CHAT_MESSAGES.roomLeft } });
    expect((await call(t, 'GET', `/chats/getRoomById/${room.id}`, { token: guest.token })).status).toBe(404);
    expect(await isMember(room.id, guest.id)).toBe(false);
    const seen = (await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}`, { token: owner.token })).body.payload
      .content;
    expect(seen.at(-1)).toMatchObject({
      type: 'EXIT',
      conversation: 'Test CHIEF_NEGOTIATOR left the conversation',
      sender: { userId: guest.id },
    });
    const after = (await call(t, 'GET', `/chats/getRoomById/${room.id}`, { token: owner.token })).body.payload;
    expect(after.profileDtos.map((p: { userId: string }) => p.userId)).toEqual([owner.id]);
    expect(await auditOf(guest.email)).toContain('CHAT_USER_LEFT');
    // Gone means gone: the room is no longer theirs to leave.
    expect(await leave(guest.token, room.id)).toMatchObject({ status: 404, body: { code: 'CHAT_ROOM_NOT_FOUND' } });
  });

  it("refuses a negotiating country's user leaving their negotiation (they are in it by their country)", async () => {
    const { ke, sn, room } = await senegalRoomAbout('TZ');
    const before = await messagesOf(room.id);
    for (const user of [sn, ke]) {
      const res = await leave(user.token, room.id);
      expect(res).toMatchObject({
        status: 422,
        body: { code: 'ROOM_CANNOT_LEAVE', message: ERROR_CATALOGUE.ROOM_CANNOT_LEAVE.message },
      });
    }
    expect(await isMember(room.id, sn.id)).toBe(true);
    expect(await messagesOf(room.id)).toHaveLength(before.length);
  });
});

describe('removing a participant', () => {
  it('is refused to anyone but the creator: 403, nothing changed', async () => {
    const owner = await userWithToken(t, { country: 'KE' });
    const a = await userWithToken(t, { country: 'SN' });
    const b = await userWithToken(t, { country: 'NG' });
    const outsider = await userWithToken(t, { country: 'GH' });
    const room = await contactRoom(owner.token, 'Owned', [a.id, b.id]);

    expect(await remove(a.token, room.id, b.id)).toMatchObject({
      status: 403,
      body: { code: 'ROOM_REMOVE_FORBIDDEN', message: ERROR_CATALOGUE.ROOM_REMOVE_FORBIDDEN.message },
    });
    expect(await remove(a.token, room.id, owner.id)).toMatchObject({ status: 403 });
    // The secretariat has no say over a contact room it is not the creator of.
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    expect((await invite(owner.token, room.id, staff.id)).status).toBe(200);
    expect(await remove(staff.token, room.id, b.id)).toMatchObject({ status: 403 });
    // Someone outside the room does not learn it exists.
    expect(await remove(outsider.token, room.id, b.id)).toMatchObject({ status: 404 });

    expect(await isMember(room.id, b.id)).toBe(true);
    expect(await isMember(room.id, owner.id)).toBe(true);
    expect((await messagesOf(room.id)).filter((m) => m.type === 'EXIT')).toHaveLength(0);
    for (const user of [a, staff, outsider]) expect(await auditOf(user.email)).not.toContain('CHAT_USER_REMOVED');
  });

  it('by the creator: EXIT message, access ends, audited; someone not added is refused', async () => {
    const owner = await userWithToken(t, { country: 'KE' });
    const guest = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const stranger = await userWithToken(t, { country: 'NG' });
    const room = await contactRoom(owner.token, 'Trim', [guest.id]);

    const res = await remove(owner.token, room.id, guest.id);
    expect(res).toMatchObject({ status: 200, body: { message: CHAT_MESSAGES.userRemoved } });
    expect(res.body.payload.memberIds).toEqual([owner.id]);
    expect((await call(t, 'GET', `/chats/getRoomById/${room.id}`, { token: guest.token })).status).toBe(404);
    const last = (
      await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}`, { token: owner.token })
    ).body.payload.content.at(-1);
    expect(last).toMatchObject({
      type: 'EXIT',
      conversation: 'Test CHIEF_NEGOTIATOR was removed from the conversation',
    });
    const [entry] = await t.ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.logUser, owner.email), eq(auditLogs.action, 'CHAT_USER_REMOVED')));
    expect(entry).toMatchObject({ targetUser: guest.email, value: { roomId: room.id } });

    expect(await remove(owner.token, room.id, guest.id)).toMatchObject({
      status: 404,
      body: { code: 'ROOM_NOT_A_MEMBER' },
    });
    expect(await remove(owner.token, room.id, stranger.id)).toMatchObject({ status: 404 });
    expect(await remove(owner.token, room.id, 'nobody')).toMatchObject({
      status: 404,
      body: { code: 'CHAT_USER_NOT_FOUND' },
    });
  });

  it('hears nothing of the messages after, even one sent the moment they were removed', async () => {
    const owner = await userWithToken(t, { country: 'KE' });
    const guest = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const room = await contactRoom(owner.token, 'Told until removed', [guest.id, other.id]);
    const toldOf = async (token: string) =>
      (await call(t, 'GET', '/notifications/my', { token })).body.payload.notifications.find(
        (n: { kind: string; link: string }) => n.kind === 'chat.message' && n.link === `/chat/${room.id}/0`,
      )?.count ?? 0;

    await postMessages(t, owner.token, room.id, ['before']);
    await expect.poll(() => toldOf(guest.token)).toBe(1);
    // Removed right after the room was read for that message's notifications: the next read must not be that one.
    await remove(owner.token, room.id, guest.id);
    await postMessages(t, owner.token, room.id, ['after']);
    await expect.poll(() => toldOf(other.token)).toBe(2);
    expect(await toldOf(guest.token)).toBe(1);
  });

  it('by the secretariat in a negotiation room; never a user of the two countries; not by a country colleague', async () => {
    const { ke, sn, room } = await senegalRoomAbout('RW');
    const snColleague = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'SN' });
    const advisor = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const secretariat = await userWithToken(t, { role: 'AFRICAN_UNION' });
    expect((await invite(sn.token, room.id, advisor.id)).status).toBe(200);

    expect(await remove(snColleague.token, room.id, advisor.id)).toMatchObject({
      status: 403,
      body: { code: 'ROOM_REMOVE_FORBIDDEN' },
    });
    for (const user of [sn, ke]) {
      expect(await remove(secretariat.token, room.id, user.id)).toMatchObject({
        status: 422,
        body: { code: 'ROOM_CANNOT_REMOVE' },
      });
    }
    expect(await isMember(room.id, sn.id)).toBe(true);

    const res = await remove(secretariat.token, room.id, advisor.id);
    expect(res.status).toBe(200);
    expect(await isMember(room.id, advisor.id)).toBe(false);
    expect(res.body.payload.profileDtos.map((p: { userId: string }) => p.userId)).not.toContain(advisor.id);
    expect((await messagesOf(room.id)).filter((m) => m.type === 'EXIT').map((m) => m.senderId)).toEqual([advisor.id]);
    expect(await auditOf(secretariat.email)).toContain('CHAT_USER_REMOVED');
  });
});

describe('live delivery ends with access', () => {
  it('a removed user gets the EXIT message, then nothing more, and cannot send; others carry on', async () => {
    const owner = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const guest = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = await contactRoom(owner.token, 'Live trim', [guest.id]);
    const topic = `/topic/messages/${room.id}`;
    const g = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), guest.token);
    const o = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), owner.token);
    await g.subscribe(topic);
    await o.subscribe(topic);
    const say = (client: typeof o, conversation: string) =>
      client.client.publish({
        destination: '/app/addMessage',
        body: JSON.stringify({ romes: { id: room.id }, conversation, messageType: 'MESSAGE' }),
      });
    say(o, 'before');
    expect(JSON.parse((await g.next(topic)).body).conversation).toBe('before');
    // A SEND let through once is remembered by the connection: removal must take that back too.
    say(g, 'while a member');
    expect(JSON.parse((await o.next(topic, (m) => JSON.parse(m.body).sender?.userId === guest.id)).body)).toMatchObject(
      {
        conversation: 'while a member',
      },
    );

    expect((await remove(owner.token, room.id, guest.id)).status).toBe(200);
    expect(JSON.parse((await g.next(topic, (m) => JSON.parse(m.body).type === 'EXIT')).body)).toMatchObject({
      sender: { userId: guest.id },
    });
    say(o, 'after');
    await o.next(topic, (m) => JSON.parse(m.body).conversation === 'after');
    await new Promise((r) => setTimeout(r, 300));
    expect(g.messages.map((m) => JSON.parse(m.body).conversation)).not.toContain('after');
    expect(g.client.connected).toBe(true);

    say(g, 'sneaking back');
    expect((await g.closed).error?.headers.message).toBe('Room not found');
    expect((await messagesOf(room.id)).map((m) => m.conversation)).not.toContain('sneaking back');
    expect(o.client.connected).toBe(true);
    await o.close();
  });

  it('one who leaves stops receiving at once', async () => {
    const owner = await userWithToken(t, { country: 'KE' });
    const guest = await userWithToken(t, { country: 'SN' });
    const room = await contactRoom(owner.token, 'Live leave', [guest.id]);
    const topic = `/topic/messages/${room.id}`;
    const g = await connectLive(liveUrl(t.api), guest.token);
    const o = await connectLive(liveUrl(t.api), owner.token);
    await g.subscribe(topic);
    await o.subscribe(topic);
    expect((await leave(guest.token, room.id)).status).toBe(200);
    o.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: room.id }, conversation: 'after', messageType: 'MESSAGE' }),
    });
    await o.next(topic, (m) => JSON.parse(m.body).conversation === 'after');
    await new Promise((r) => setTimeout(r, 300));
    expect(g.messages.map((m) => JSON.parse(m.body).type)).toEqual(['EXIT']);
    await g.close();
    await o.close();
  });
});
