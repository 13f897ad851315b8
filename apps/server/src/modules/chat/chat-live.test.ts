import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { NOTIFICATION_TOPIC } from '@portal/shared';
import { startTestApp, twoInstancesWithRedis, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { newRoom, userWithToken } from '../../../test/factories.js';
import { chatMessages } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { SAMPLE_FILES, type SampleName } from '../files/samples.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const message = (roomId: string, conversation: string, file: string | null = null) =>
  JSON.stringify({
    sender: { userId: 'spoofed' },
    romes: { id: roomId },
    conversation,
    file,
    messageType: file ? 'FILE' : 'MESSAGE',
  });

async function upload(app: { api: string }, token: string, name: SampleName) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(SAMPLE_FILES[name])]), name);
  const res = await fetch(`${app.api}/file`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { payload: { fileKey: string } }).payload.fileKey;
}

describe('a room over /stomp-chat', () => {
  it('delivers a message, stored first, to every member subscribed, with the real sender', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Live', [bob.id]) }))
      .body.payload;
    const a = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    const b = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await a.subscribe(`/topic/messages/${room.id}`);
    await b.subscribe(`/topic/messages/${room.id}`);
    let storedWhenDelivered: number | null = null;
    const received = b.next(`/topic/messages/${room.id}`).then(async (m) => {
      const body = JSON.parse(m.body);
      storedWhenDelivered = (await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, body.id))).length;
      return body;
    });
    a.client.publish({ destination: '/app/addMessage', body: message(room.id, 'Hello from Nairobi') });
    const body = await received;
    expect(body).toMatchObject({
      conversation: 'Hello from Nairobi',
      type: 'NORMAL',
      messageType: 'MESSAGE',
      romes: { id: room.id },
      sender: { userId: alice.id },
    });
    expect(storedWhenDelivered).toBe(1);
    expect(JSON.parse((await a.next(`/topic/messages/${room.id}`)).body).id).toBe(body.id);
    await a.close();
    await b.close();
  });

  it('refuses a subscription to a room one is not in, and /stomp-chat for such a room', async () => {
    const alice = await userWithToken(t);
    const mallory = await userWithToken(t, { country: 'NG' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Private', []) })).body
      .payload;
    const m = await connectLive(liveUrl(t.api), mallory.token);
    m.client.subscribe(`/topic/messages/${room.id}`, () => {});
    expect((await m.closed).error?.headers.message).toBe(`You cannot subscribe to /topic/messages/${room.id}`);
    await expect(connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), mallory.token)).rejects.toThrow(
      'Not found',
    );
    const m2 = await connectLive(liveUrl(t.api), mallory.token);
    m2.client.publish({ destination: '/app/addMessage', body: message(room.id, 'let me in') });
    expect((await m2.closed).error?.headers.message).toBe('Room not found');
    expect(await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id))).toHaveLength(0);
  });

  it("refuses an empty message and an attachment that is not one's own upload", async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Checks', [bob.id]) }))
      .body.payload;
    const bobsFile = await upload(t, bob.token, 'schedule.pdf');
    for (const [body, error] of [
      [message(room.id, '   '), 'A message needs text or a file'],
      [message(room.id, '', bobsFile), 'File not found'],
      ['not json', 'A message is JSON with romes.id, conversation, file and messageType'],
    ]) {
      const a = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
      a.client.publish({ destination: '/app/addMessage', body });
      expect((await a.closed).error?.headers.message).toBe(error);
    }
  });

  it('shares an attachment: members download it, others get 404', async () => {
    const alice = await userWithToken(t);
    const bob = await userWithToken(t, { country: 'SN' });
    const eve = await userWithToken(t, { country: 'NG' });
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Files', [bob.id]) }))
      .body.payload;
    const key = await upload(t, alice.token, 'schedule.pdf');
    const b = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await b.subscribe(`/topic/messages/${room.id}`);
    const a = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    a.client.publish({ destination: '/app/addMessage', body: message(room.id, '', key) });
    const got = JSON.parse((await b.next(`/topic/messages/${room.id}`)).body);
    expect(got).toMatchObject({
      messageType: 'FILE',
      file: key,
      fileName: 'schedule.pdf',
      fileContentType: 'application/pdf',
      fileSize: SAMPLE_FILES['schedule.pdf'].length,
    });
    // Listed with its size too.
    const page = (await call(t, 'GET', `/chats/getAllMessageByRome/${room.id}`, { token: bob.token })).body.payload;
    expect(page.content[0]).toMatchObject({ file: key, fileSize: SAMPLE_FILES['schedule.pdf'].length });
    const dl = (token: string) =>
      fetch(`${t.api}/file/aws/download/${key}`, { headers: { authorization: `Bearer ${token}` } });
    const res = await dl(bob.token);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(SAMPLE_FILES['schedule.pdf'])).toBe(true);
    expect((await dl(eve.token)).status).toBe(404);
    // An attachment in use cannot be deleted from under the room.
    expect((await call(t, 'DELETE', `/file/${key}`, { token: alice.token })).status).toBe(409);
    await a.close();
    await b.close();
  });
});

describe('two instances on one PostgreSQL database and Redis', () => {
  const pair = twoInstancesWithRedis();

  it('uses the Redis broker on both', () => {
    expect([pair.a, pair.b].map((a) => a.ctx.realtime.broker.kind)).toEqual(['redis', 'redis']);
  });

  it('delivers a message sent to instance A to a subscriber on instance B, once', async () => {
    // Each instance signs in its own user (mail outbox is per instance); tokens work on both (one database, one key).
    const onA = pair.a;
    const onB = pair.b;
    const alice = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(onB, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = (await call(onA, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Across', [bob.id]) }))
      .body.payload;
    // The room made on A is visible from B: same database.
    expect((await call(onB, 'GET', `/chats/getRoomById/${room.id}`, { token: bob.token })).status).toBe(200);

    const b = await connectLive(liveUrl(pair.b.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await b.subscribe(`/topic/messages/${room.id}`);
    const a = await connectLive(liveUrl(pair.a.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    for (let i = 0; i < 20; i++)
      a.client.publish({ destination: '/app/addMessage', body: message(room.id, `across ${i}`) });
    const got: string[] = [];
    for (let i = 0; i < 20; i++) got.push(JSON.parse((await b.next(`/topic/messages/${room.id}`)).body).conversation);
    expect(got).toEqual(Array.from({ length: 20 }, (_, i) => `across ${i}`));
    await new Promise((r) => setTimeout(r, 300));
    expect(b.messages.filter((m) => m.headers.destination === `/topic/messages/${room.id}`)).toHaveLength(0);
    await a.close();
    await b.close();
  });

  it('notifies members connected to instance B of what happens on A: added to a room, a message while away', async () => {
    const onA = pair.a;
    const alice = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const carol = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR', country: 'GH' });
    const [bobQueue, carolQueue] = await Promise.all([
      connectLive(liveUrl(pair.b.api), bob.token),
      connectLive(liveUrl(pair.b.api), carol.token),
    ]);
    await bobQueue.subscribe(NOTIFICATION_TOPIC);
    await carolQueue.subscribe(NOTIFICATION_TOPIC);
    const kind = (k: string) => (m: { body: string }) => JSON.parse(m.body).notification?.kind === k;

    const room = (
      await call(onA, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Told', [bob.id, carol.id]) })
    ).body.payload;
    for (const q of [bobQueue, carolQueue]) await q.next(NOTIFICATION_TOPIC, kind('chat.added'));

    // Bob views the room on B, carol does not: presence is shared, so only carol is notified of alice's message.
    const topic = `/topic/messages/${room.id}`;
    const bobRoom = await connectLive(liveUrl(pair.b.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await bobRoom.subscribe(topic);
    const a = await connectLive(liveUrl(pair.a.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    a.client.publish({ destination: '/app/addMessage', body: message(room.id, 'while you were away') });
    await bobRoom.next(topic);
    const told = JSON.parse((await carolQueue.next(NOTIFICATION_TOPIC, kind('chat.message'))).body);
    expect(told.notification.link).toBe(`/chat/${room.id}/0`);
    await new Promise((r) => setTimeout(r, 500));
    expect(bobQueue.messages.filter(kind('chat.message'))).toHaveLength(0);
    for (const c of [a, bobRoom, bobQueue, carolQueue]) await c.close();
  });

  it("ends a deactivated user's live connections on the other instance within a second", async () => {
    const onA = pair.a;
    const admin = await userWithToken(onA, { role: 'ADMIN', country: null });
    const user = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR', country: 'KE' });
    const live = await connectLive(liveUrl(pair.b.api), user.token);
    expect(
      (await call(onA, 'PUT', `/users/${user.id}/status`, { token: admin.token, body: { status: 'DISABLED' } })).status,
    ).toBe(200);
    expect((await live.closed).error?.headers.message).toBe('UNAUTHORIZED');
  });

  it('stops delivering a room to a user removed on the other instance, their connection staying open', async () => {
    const onA = pair.a;
    const alice = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(onA, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const room = (await call(onA, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Trim', [bob.id]) }))
      .body.payload;
    const topic = `/topic/messages/${room.id}`;
    const b = await connectLive(liveUrl(pair.b.api, '/stomp-chat', `?roomId=${room.id}`), bob.token);
    await b.subscribe(topic);
    const a = await connectLive(liveUrl(pair.a.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    await a.subscribe(topic);
    expect(
      (await call(onA, 'POST', `/chats/removeUser?userId=${bob.id}&roomId=${room.id}`, { token: alice.token })).status,
    ).toBe(200);
    expect(JSON.parse((await b.next(topic)).body)).toMatchObject({ type: 'EXIT', sender: { userId: bob.id } });
    a.client.publish({ destination: '/app/addMessage', body: message(room.id, 'after removal') });
    await a.next(topic, (m) => JSON.parse(m.body).conversation === 'after removal');
    await new Promise((r) => setTimeout(r, 300));
    expect(b.messages.filter((m) => m.headers.destination === topic)).toHaveLength(0);
    expect(b.client.connected).toBe(true);
    await a.close();
    await b.close();
  });

  it("ends a session's live connection on the other instance when it signs out", async () => {
    const onA = pair.a;
    const user = await userWithToken(onA);
    const live = await connectLive(liveUrl(pair.b.api), user.token);
    await call(onA, 'POST', '/log/logout', { token: user.token });
    expect((await live.closed).error?.headers.message).toBe('UNAUTHORIZED');
  });
});
