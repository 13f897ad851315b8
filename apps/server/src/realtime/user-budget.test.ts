/**
 * Budgets per user, not per connection: the SENDs of all a user's live connections on an instance share one budget,
 * and a user holds at most STOMP_MAX_CONNECTIONS_PER_USER connections there (one more closes their oldest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { LIVE_TOKEN_DESTINATION } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { newRoom, userWithToken } from '../../test/factories.js';
import { must } from '../../test/must.js';
import { chatMessages } from '../db/schema/index.js';
import { SEND_THROTTLED, TOO_MANY_CONNECTIONS } from './hub.js';
import { connectLive, liveUrl, type LiveClient } from './testing.js';

const USER_BURST = 30;
const CAP = 10;
let t: TestApp;
beforeAll(async () => {
  // Budgets that do not refill during the test: what is stored is counted, not timed. Each connection alone could
  // send 40; together they may send 30.
  t = await startTestApp({
    STOMP_SEND_BURST: '40',
    STOMP_SEND_PER_SECOND: '0.1',
    STOMP_USER_SEND_BURST: String(USER_BURST),
    STOMP_USER_SEND_PER_SECOND: '0.1',
    STOMP_MAX_CONNECTIONS_PER_USER: String(CAP),
  });
});
afterAll(() => t.close());

const message = (roomId: string, conversation: string) =>
  JSON.stringify({ romes: { id: roomId }, conversation, messageType: 'MESSAGE' });

async function connections(token: string, count: number): Promise<LiveClient[]> {
  const opened: LiveClient[] = [];
  // One after the other, so that the first is the oldest.
  for (let i = 0; i < count; i++) opened.push(await connectLive(liveUrl(t.api, '/stomp-chat'), token));
  return opened;
}

describe("a user's live connections on one instance", () => {
  it('share one SEND budget: ten connections of 40 messages each store no more than it', async () => {
    const mallory = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: mallory.token, body: newRoom('Flood', []) })).body
      .payload;
    const live = await connections(mallory.token, CAP);
    live.forEach((c, n) => {
      for (let i = 0; i < 40; i++)
        c.client.publish({ destination: '/app/addMessage', body: message(room.id, `spam ${n}.${i}`) });
    });
    const closed = await Promise.all(live.map((c) => c.closed));
    // Each of them went past the user's budget, though none past its own.
    expect(closed.map((c) => c.error?.headers.message)).toEqual(Array(CAP).fill(SEND_THROTTLED));
    const stored = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, room.id));
    expect(stored.length).toBeGreaterThanOrEqual(USER_BURST);
    // At 0.1 a second, the budget may have refilled by one while the test ran.
    expect(stored.length).toBeLessThanOrEqual(USER_BURST + 1);
  });

  it('do not spend the budget on renewing the access token', async () => {
    const user = await userWithToken(t);
    const room = (await call(t, 'POST', '/chats/addRomes', { token: user.token, body: newRoom('Calm', []) })).body
      .payload;
    const live = must((await connections(user.token, 1))[0]);
    await live.subscribe(`/topic/messages/${room.id}`);
    // Within the connection's own budget (40), past the user's (30) if renewals counted.
    for (let i = 0; i < 5; i++)
      live.client.publish({ destination: LIVE_TOKEN_DESTINATION, headers: { Authorization: `Bearer ${user.token}` } });
    for (let i = 0; i < USER_BURST; i++)
      live.client.publish({ destination: '/app/addMessage', body: message(room.id, `line ${i}`) });
    for (let i = 0; i < USER_BURST; i++) await live.next(`/topic/messages/${room.id}`);
    expect(live.client.connected).toBe(true);
    await live.close();
  });

  it('are at most the cap: one more closes the oldest with TOO_MANY_CONNECTIONS, the others stay', async () => {
    const user = await userWithToken(t);
    const [oldest, ...others] = await connections(user.token, CAP);
    const newest = await connectLive(liveUrl(t.api), user.token);
    expect((await must(oldest).closed).error?.headers.message).toBe(TOO_MANY_CONNECTIONS);
    for (const c of [...others, newest]) expect(c.client.connected).toBe(true);
    // Another user's connections are not counted with theirs.
    const bystander = await connectLive(liveUrl(t.api), (await userWithToken(t)).token);
    expect(bystander.client.connected).toBe(true);
    for (const c of [...others, newest, bystander]) await c.close();
  });
});
