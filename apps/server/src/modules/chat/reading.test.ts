import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom, OfferRooms, QueueMessage } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { postMessages } from '../../../test/chat-messages.js';
import { connectLive, liveUrl, type LiveClient } from '../../realtime/testing.js';
import { buildSubmittedOffer } from './fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const QUEUE = '/topic/queue';

async function contactRoom(token: string, title: string, members: string[]): Promise<ChatRoom> {
  return (await call(t, 'POST', '/chats/addRomes', { token, body: newRoom(title, members) })).body.payload;
}

const post = <const Texts extends readonly string[]>(token: string, roomId: string, texts: Texts) =>
  postMessages(t, token, roomId, texts);

const contactRooms = async (token: string): Promise<ChatRoom[]> =>
  (await call(t, 'GET', '/chats/getAllRomes', { token })).body.payload;
const roomIn = async (token: string, roomId: string) => (await contactRooms(token)).find((r) => r.id === roomId)!;
const markRead = (token: string, roomId: string, messageId?: string) =>
  call(t, 'POST', `/chats/markRead/${roomId}`, { token, body: messageId ? { messageId } : {} });

/** A /topic/queue subscriber; `roomNews` resolves with the next CHAT_ROOM announcement of the room. */
async function queueOf(token: string) {
  const live = await connectLive(liveUrl(t.api), token);
  await live.subscribe(QUEUE);
  const announcements = (c: LiveClient) =>
    c.messages
      .filter((m) => m.headers.destination === QUEUE)
      .map((m) => JSON.parse(m.body) as QueueMessage)
      .filter((b): b is { type: 'CHAT_ROOM'; roomId: string } => b.type === 'CHAT_ROOM')
      .map((b) => b.roomId);
  return {
    live,
    roomNews: (roomId: string) =>
      live.next(QUEUE, (m) => {
        const body = JSON.parse(m.body) as QueueMessage;
        return body.type === 'CHAT_ROOM' && body.roomId === roomId;
      }),
    /** The rooms announced to it so far and not yet taken by roomNews. */
    announced: () => announcements(live),
  };
}

describe('unread messages per room and user', () => {
  it('counts the messages of others since one last read, marks read up to a message, never backwards', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = await contactRoom(alice.token, 'Unread', [bob.id]);
    expect(room).toMatchObject({ unread: 0, lastReadAt: null });
    const [first, second] = await post(alice.token, room.id, ['one', 'two', 'three']);

    expect(await roomIn(bob.token, room.id)).toMatchObject({ unread: 3, lastReadAt: null });
    // One's own messages are never unread.
    expect((await roomIn(alice.token, room.id)).unread).toBe(0);

    expect(await markRead(bob.token, room.id, second.id)).toMatchObject({
      status: 200,
      body: { payload: { roomId: room.id, unread: 1, lastReadAt: second.createdAt } },
    });
    expect(await roomIn(bob.token, room.id)).toMatchObject({ unread: 1, lastReadAt: second.createdAt });
    expect((await call(t, 'GET', `/chats/getRoomById/${room.id}`, { token: bob.token })).body.payload.unread).toBe(1);

    expect((await markRead(bob.token, room.id)).body.payload.unread).toBe(0);
    // A late call about an older message does not bring back what was read.
    expect((await markRead(bob.token, room.id, first.id)).body.payload.unread).toBe(0);
    expect((await roomIn(bob.token, room.id)).unread).toBe(0);

    // Joins and exits are not unread messages; a newcomer finds the history unread.
    const carol = await userWithToken(t, { country: 'NG' });
    await call(t, 'POST', `/chats/addInviteUser?userId=${carol.id}&roomId=${room.id}`, { token: alice.token });
    expect((await roomIn(carol.token, room.id)).unread).toBe(3);
    expect((await roomIn(bob.token, room.id)).unread).toBe(0);
  });

  it('refuses marking a room one is not in (404) and a message of another room, changing nothing', async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const mallory = await userWithToken(t, { country: 'NG' });
    const room = await contactRoom(alice.token, 'Mine', [bob.id]);
    const other = await contactRoom(alice.token, 'Other', []);
    const [elsewhere] = await post(alice.token, other.id, ['elsewhere']);
    await post(alice.token, room.id, ['hello']);
    expect(await markRead(mallory.token, room.id)).toMatchObject({
      status: 404,
      body: { code: 'CHAT_ROOM_NOT_FOUND' },
    });
    expect(await markRead(bob.token, room.id, elsewhere.id)).toMatchObject({
      status: 404,
      body: { code: 'CHAT_MESSAGE_NOT_FOUND' },
    });
    expect(await markRead(bob.token, room.id, 'not-a-uuid')).toMatchObject({ status: 400 });
    expect((await roomIn(bob.token, room.id)).unread).toBe(1);
  });
});

describe('room lists live on /topic/queue', () => {
  it('announces a new room, a new message, an invitation and a removal to those concerned only', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const carol = await userWithToken(t, { country: 'NG' });
    const bobQ = await queueOf(bob.token);
    const carolQ = await queueOf(carol.token);

    const room = await contactRoom(alice.token, 'Live lists', [bob.id]);
    await bobQ.roomNews(room.id);
    // A message: one announcement for the batch, after which bob's list shows it unread.
    await post(alice.token, room.id, ['news']);
    await bobQ.roomNews(room.id);
    expect((await roomIn(bob.token, room.id)).unread).toBe(1);

    // Carol is told when she is invited, and not before.
    const carolsOwn = await contactRoom(alice.token, 'For carol', [carol.id]);
    await carolQ.roomNews(carolsOwn.id);
    expect(carolQ.announced()).not.toContain(room.id);
    await call(t, 'POST', `/chats/addInviteUser?userId=${carol.id}&roomId=${room.id}`, { token: alice.token });
    await carolQ.roomNews(room.id);

    // Removed: carol hears of it (the room leaves her list) although she is no longer in it.
    await call(t, 'POST', `/chats/removeUser?userId=${carol.id}&roomId=${room.id}`, { token: alice.token });
    await carolQ.roomNews(room.id);
    expect((await contactRooms(carol.token)).map((r) => r.id)).not.toContain(room.id);
    await bobQ.live.close();
    await carolQ.live.close();
  });

  it('does not announce new messages to those looking at the room (their lists need not move)', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const carol = await userWithToken(t, { country: 'NG' });
    const room = await contactRoom(alice.token, 'Watched', [bob.id, carol.id]);
    const bobQ = await queueOf(bob.token);
    const carolQ = await queueOf(carol.token);
    const bobViewing = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await bobViewing.subscribe(`/topic/messages/${room.id}`);
    await post(alice.token, room.id, ['seen live']);
    // Carol, away, is told; the same broker message would have reached bob's queue by now.
    await carolQ.roomNews(room.id);
    expect(bobQ.announced()).not.toContain(room.id);
    // What bob saw arrive is read once he stops looking at the room (no call per message): carol's stays unread.
    expect((await roomIn(bob.token, room.id)).unread).toBe(1);
    await bobViewing.close();
    await expect.poll(async () => (await roomIn(bob.token, room.id)).unread).toBe(0);
    expect((await roomIn(carol.token, room.id)).unread).toBe(1);
    for (const c of [bobQ.live, carolQ.live]) await c.close();
  });

  it("announces a new negotiation to the offer's country and the secretariat, not to a third country", async () => {
    const gh = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const sn = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const ng = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'NG' });
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const offer = await buildSubmittedOffer(t.ctx, { country: 'GH', creatorId: gh.id });
    const ghQ = await queueOf(gh.token);
    const staffQ = await queueOf(staff.token);
    const ngQ = await queueOf(ng.token);

    const room = (await call(t, 'POST', `/chats/addRoomOffer/${offer.id}`, { token: sn.token })).body
      .payload as ChatRoom;
    await ghQ.roomNews(room.id);
    await staffQ.roomNews(room.id);
    const lists = async (token: string): Promise<OfferRooms> =>
      (await call(t, 'GET', '/chats/getAllRoomesOffer', { token })).body.payload;
    expect((await lists(gh.token)).received.map((r) => r.id)).toContain(room.id);
    expect((await lists(staff.token)).invitation.map((r) => r.id)).toContain(room.id);

    // Nigeria hears nothing of it: its own contact room is the first announcement it gets.
    const ngOwn = await contactRoom(ng.token, 'Nigeria only', []);
    await ngQ.roomNews(ngOwn.id);
    expect(ngQ.announced()).not.toContain(room.id);
    for (const q of [ghQ, staffQ, ngQ]) await q.live.close();
  });
});

describe('searching a room', () => {
  it('finds messages whatever the accents and case, newest first, only in the room and only for its people', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const mallory = await userWithToken(t, { country: 'NG' });
    const room = await contactRoom(alice.token, 'Searchable', [bob.id]);
    const other = await contactRoom(alice.token, 'Elsewhere', []);
    await post(alice.token, room.id, [
      'Aïssatou will send the schedule',
      'Nothing to see',
      'AISSATOU agrees on mode 4',
    ]);
    await post(alice.token, other.id, ['Aissatou in another room']);
    const search = (token: string, roomId: string, q: string) =>
      call(t, 'GET', `/chats/searchMessages/${roomId}?q=${encodeURIComponent(q)}`, { token });

    const found = await search(bob.token, room.id, 'aissatou');
    expect(found.status).toBe(200);
    expect(found.body.payload.map((m: ChatMessage) => m.conversation)).toEqual([
      'AISSATOU agrees on mode 4',
      'Aïssatou will send the schedule',
    ]);
    expect((await search(bob.token, room.id, 'MODE 4')).body.payload).toHaveLength(1);
    // LIKE's wildcards are searched as written.
    expect((await search(bob.token, room.id, '%')).body.payload).toHaveLength(0);
    expect(await search(mallory.token, room.id, 'aissatou')).toMatchObject({
      status: 404,
      body: { code: 'CHAT_ROOM_NOT_FOUND' },
    });
    expect(await search(bob.token, room.id, '   ')).toMatchObject({ status: 400 });
  });
});
