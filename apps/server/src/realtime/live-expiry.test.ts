/**
 * A live session ends when the session ends: a connection lives on the access token it was opened with, until that
 * token expires or the session reaches its idle or absolute limit, unless the client renews it on the connection
 * (a SEND to LIVE_TOKEN_DESTINATION with a fresh token of the same session).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { WebSocket } from 'ws';
import { LIVE_TOKEN_DESTINATION } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, tokenRequest } from '../../test/http.js';
import { newRoom, signIn, userWithToken } from '../../test/factories.js';
import { must } from '../../test/must.js';
import { chatMessages, sessions } from '../db/schema/index.js';
import { UNAUTHORIZED } from './hub.js';
import { connectLive, liveUrl, type LiveClient } from './testing.js';

/** Access tokens of a few seconds, so that expiry is seen within a test. */
const TOKEN_SECONDS = 5;
let short: TestApp;
let normal: TestApp;
beforeAll(async () => {
  short = await startTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS) });
  normal = await startTestApp();
});
afterAll(async () => {
  await short.close();
  await normal.close();
});

/** The claims of an access token, read without checking it (the test's own). */
function claimsOf(token: string): { sub: string; sid: string; exp: number } {
  return JSON.parse(Buffer.from(must(token.split('.')[1]), 'base64url').toString('utf8'));
}

const message = (roomId: string, conversation: string) =>
  JSON.stringify({ romes: { id: roomId }, conversation, messageType: 'MESSAGE' });

async function storedTexts(t: TestApp, roomId: string): Promise<string[]> {
  const rows = await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId));
  return rows.map((r) => r.conversation ?? '');
}

/** A signed-in user with a room of their own, and a token just issued (the room's creation took some of the last). */
async function userWithRoom(t: TestApp) {
  const user = await userWithToken(t);
  const room = (await call(t, 'POST', '/chats/addRomes', { token: user.token, body: newRoom('Desk', []) })).body
    .payload;
  const tokens = (await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: user.tokens.refresh_token }))
    .body;
  return { ...user, room, token: tokens.access_token as string, refreshToken: tokens.refresh_token as string };
}

/** Sends a fresh token on the connection and waits for the server's receipt. */
function renew(live: LiveClient, token: string): Promise<void> {
  return new Promise((resolve) => {
    const receipt = `renew-${Math.random().toString(36).slice(2)}`;
    live.client.watchForReceipt(receipt, () => resolve());
    live.client.publish({
      destination: LIVE_TOKEN_DESTINATION,
      headers: { Authorization: `Bearer ${token}`, receipt },
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a live connection on an access token', () => {
  it('is closed at the token expiry with ERROR UNAUTHORIZED, unrenewed', async () => {
    const user = await userWithRoom(short);
    const live = await connectLive(liveUrl(short.api, '/stomp-chat', `?roomId=${user.room.id}`), user.token);
    await live.subscribe(`/topic/messages/${user.room.id}`);
    live.client.publish({ destination: '/app/addMessage', body: message(user.room.id, 'in time') });
    await live.next(`/topic/messages/${user.room.id}`);

    const { error } = await live.closed;
    const delay = Date.now() - claimsOf(user.token).exp * 1000;
    expect(error?.headers.message).toBe(UNAUTHORIZED);
    // Closed at the expiry, not before it and not long after it (timers and a loaded machine).
    expect(delay).toBeGreaterThanOrEqual(0);
    expect(delay).toBeLessThan(1000);
    expect(await storedTexts(short, user.room.id)).toEqual(['in time']);
  });

  it('stores nothing sent after the expiry', async () => {
    const user = await userWithRoom(short);
    const ws = new WebSocket(liveUrl(short.api, '/stomp-chat'), ['v12.stomp']);
    const received: string[] = [];
    ws.on('message', (d) => received.push(d.toString()));
    const closed = new Promise((r) => ws.on('close', r));
    await new Promise((r) => ws.on('open', r));
    ws.send(`CONNECT\naccept-version:1.2\nhost:portal\nAuthorization:Bearer ${user.token}\nheart-beat:0,0\n\n\0`);
    // From the moment the token expires, a SEND every 5 ms until the server has closed the socket.
    await sleep(claimsOf(user.token).exp * 1000 - Date.now());
    for (let i = 0; ws.readyState === WebSocket.OPEN; i++) {
      ws.send(`SEND\ndestination:/app/addMessage\n\n${message(user.room.id, `late ${i}`)}\0`);
      await sleep(5);
    }
    await closed;
    expect(received.some((f) => f.startsWith('ERROR\n') && f.includes(`message:${UNAUTHORIZED}`))).toBe(true);
    expect(await storedTexts(short, user.room.id)).toEqual([]);
  });

  it('stays open past the first expiry when renewed with a fresh token of its session', async () => {
    const user = await userWithRoom(short);
    const live = await connectLive(liveUrl(short.api, '/stomp-chat', `?roomId=${user.room.id}`), user.token);
    await live.subscribe(`/topic/messages/${user.room.id}`);
    // A token's expiry is in whole seconds: the fresh one is issued seconds later, to expire later.
    await sleep(2100);
    const fresh = (await tokenRequest(short, { grant_type: 'refresh_token', refresh_token: user.refreshToken })).body;
    await renew(live, fresh.access_token);

    await sleep(claimsOf(user.token).exp * 1000 - Date.now() + 500);
    expect(live.client.connected).toBe(true);
    live.client.publish({ destination: '/app/addMessage', body: message(user.room.id, 'after the first expiry') });
    expect(JSON.parse((await live.next(`/topic/messages/${user.room.id}`)).body).conversation).toBe(
      'after the first expiry',
    );
    // …and ends with the token it was renewed with.
    expect((await live.closed).error?.headers.message).toBe(UNAUTHORIZED);
    expect(Date.now()).toBeGreaterThanOrEqual(claimsOf(fresh.access_token).exp * 1000);
  });

  it('is closed when renewed with the token of another user, or of another session of the same user', async () => {
    const user = await userWithRoom(short);
    const other = await userWithToken(short);
    const first = await connectLive(liveUrl(short.api), user.token);
    first.client.publish({ destination: LIVE_TOKEN_DESTINATION, headers: { Authorization: `Bearer ${other.token}` } });
    expect((await first.closed).error?.headers.message).toBe(UNAUTHORIZED);

    const secondSession = await signIn(short, user);
    const fresh = (await tokenRequest(short, { grant_type: 'refresh_token', refresh_token: user.refreshToken })).body;
    const second = await connectLive(liveUrl(short.api), fresh.access_token);
    second.client.publish({
      destination: LIVE_TOKEN_DESTINATION,
      headers: { Authorization: `Bearer ${secondSession.access_token}` },
    });
    expect((await second.closed).error?.headers.message).toBe(UNAUTHORIZED);
    // A token that is no token at all is refused the same way.
    const third = await connectLive(liveUrl(short.api), secondSession.access_token);
    third.client.publish({ destination: LIVE_TOKEN_DESTINATION, headers: { Authorization: 'Bearer forged' } });
    expect((await third.closed).error?.headers.message).toBe(UNAUTHORIZED);
  });
});

describe("a live connection within its session's limits", () => {
  /** Moves the session's times so that it ends in `ms` from now by the given limit. */
  async function sessionEndingIn(token: string, limit: 'idle' | 'absolute', ms: number) {
    const { sid } = claimsOf(token);
    const at = Date.now() + ms;
    const set =
      limit === 'idle'
        ? { lastActiveAt: new Date(at - normal.config.sessionIdleMinutes * 60_000) }
        : { createdAt: new Date(at - normal.config.sessionMaxHours * 3_600_000) };
    await normal.ctx.db.update(sessions).set(set).where(eq(sessions.id, sid));
    return at;
  }

  it.each(['idle', 'absolute'] as const)(
    'is closed at the session %s limit though its token lives on',
    async (limit) => {
      const user = await userWithToken(normal);
      const endsAt = await sessionEndingIn(user.token, limit, 1500);
      const live = await connectLive(liveUrl(normal.api), user.token);
      const { error } = await live.closed;
      expect(error?.headers.message).toBe(UNAUTHORIZED);
      expect(Date.now() - endsAt).toBeGreaterThanOrEqual(0);
      expect(Date.now() - endsAt).toBeLessThan(1000);
      expect(claimsOf(user.token).exp * 1000).toBeGreaterThan(Date.now() + 60_000);
    },
  );

  it('refuses a CONNECT once the session is past its limit', async () => {
    const user = await userWithToken(normal);
    await sessionEndingIn(user.token, 'idle', -1000);
    await expect(connectLive(liveUrl(normal.api), user.token)).rejects.toThrow(UNAUTHORIZED);
  });
});
