import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { newRoom, userWithToken } from '../../test/factories.js';
import { chatMessages } from '../db/schema/index.js';
import { SEND_THROTTLED } from './hub.js';
import { connectLive, liveUrl } from './testing.js';

const BURST = 40;
let t: TestApp;
beforeAll(async () => {
  // A budget that does not refill during the test: what is stored is counted, not timed.
  t = await startTestApp({ STOMP_SEND_BURST: String(BURST), STOMP_SEND_PER_SECOND: '0.1' });
});
afterAll(() => t.close());

const message = (roomId: string, conversation: string) =>
  JSON.stringify({ romes: { id: roomId }, conversation, messageType: 'MESSAGE' });

describe('a flood of SEND frames from one client', () => {
  it('is cut off with SEND_THROTTLED, stored only up to its budget, while other rooms stay live', async () => {
    const mallory = await userWithToken(t);
    const alice = await userWithToken(t, { country: 'SN' });
    const bob = await userWithToken(t, { country: 'NG' });
    const flooded = (await call(t, 'POST', '/chats/addRomes', { token: mallory.token, body: newRoom('Flood', []) }))
      .body.payload;
    const quiet = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Quiet', [bob.id]) }))
      .body.payload;
    const b = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${quiet.id}`), bob.token);
    await b.subscribe(`/topic/messages/${quiet.id}`);

    const flood = await connectLive(liveUrl(t.api), mallory.token);
    for (let i = 0; i < 1000; i++)
      flood.client.publish({ destination: '/app/addMessage', body: message(flooded.id, `spam ${i}`) });
    expect((await flood.closed).error?.headers.message).toBe(SEND_THROTTLED);

    const stored = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, flooded.id));
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThanOrEqual(BURST);

    // Another room goes on as before.
    const a = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${quiet.id}`), alice.token);
    a.client.publish({ destination: '/app/addMessage', body: message(quiet.id, 'Still here') });
    expect(JSON.parse((await b.next(`/topic/messages/${quiet.id}`)).body).conversation).toBe('Still here');
    // The flooder may come back, with a fresh budget: a normal message goes through.
    const again = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${flooded.id}`), mallory.token);
    await again.subscribe(`/topic/messages/${flooded.id}`);
    again.client.publish({ destination: '/app/addMessage', body: message(flooded.id, 'sorry') });
    expect(JSON.parse((await again.next(`/topic/messages/${flooded.id}`)).body).conversation).toBe('sorry');
    for (const c of [a, b, again]) await c.close();
  });

  it('leaves a client within its budget alone', async () => {
    const alice = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: alice.token, body: newRoom('Calm', []) })).body
      .payload;
    const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    await live.subscribe(`/topic/messages/${room.id}`);
    for (let i = 0; i < BURST; i++)
      live.client.publish({ destination: '/app/addMessage', body: message(room.id, `line ${i}`) });
    for (let i = 0; i < BURST; i++) await live.next(`/topic/messages/${room.id}`);
    expect(await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id))).toHaveLength(BURST);
    expect(live.client.connected).toBe(true);
    await live.close();
  });
});
