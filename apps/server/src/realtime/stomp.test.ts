import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { buildOfferDocument } from '../../test/offer-factory.js';
import { connectLive, liveUrl } from './testing.js';

let t: TestApp;
/** Kenya's focal point and Kenya's offer (a draft), for announcements on /topic/offer-edit. */
let kenyaEditor: Awaited<ReturnType<typeof userWithToken>>;
let kenyaOfferId: string;
beforeAll(async () => {
  t = await startTestApp({ STOMP_HEARTBEAT_MS: '200', STOMP_MAX_FRAME_BYTES: '4096' });
  kenyaEditor = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  kenyaOfferId = (await call(t, 'POST', '/offers', { token: kenyaEditor.token, body: buildOfferDocument(1) })).body
    .payload.id;
});
afterAll(() => t.close());

/** A raw WebSocket speaking STOMP by hand, to send what no well-behaved client would. */
function rawSocket(): Promise<{ ws: WebSocket; received: string[]; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(liveUrl(t.api), ['v12.stomp']);
    const received: string[] = [];
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', (d) => received.push(d.toString()));
    ws.on('open', () => resolve({ ws, received, closed }));
    ws.on('error', reject);
  });
}

const connectFrame = (token: string, heartBeat = '0,0') =>
  `CONNECT\naccept-version:1.2\nhost:portal\nAuthorization:Bearer ${token}\nheart-beat:${heartBeat}\n\n\0`;
const until = async (check: () => boolean, ms = 3000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('STOMP CONNECT', () => {
  it('refuses a connection without a token, or with a bad one, with an ERROR frame and closes it', async () => {
    await expect(connectLive(liveUrl(t.api), null)).rejects.toThrow('UNAUTHORIZED');
    await expect(connectLive(liveUrl(t.api), 'not-a-token')).rejects.toThrow('UNAUTHORIZED');
  });

  it('accepts a valid access token and answers CONNECTED 1.2 with heart-beats', async () => {
    const user = await userWithToken(t);
    const { ws, received, closed } = await rawSocket();
    ws.send(connectFrame(user.token, '100,100'));
    await until(() => received.length > 0);
    expect(received[0]).toMatch(/^CONNECTED\n/);
    expect(received[0]).toContain('version:1.2');
    expect(received[0]).toContain('heart-beat:200,200');
    expect(received[0]).toContain(`user-name:${user.email}`);
    // The server beats every 200 ms (the larger of its 200 and the client's 100).
    await until(() => received.filter((r) => r === '\n').length >= 2, 2000);
    // A client that stops beating is dropped after about twice the interval.
    const code = await Promise.race([closed, new Promise<number>((r) => setTimeout(() => r(-1), 3000))]);
    expect(code).toBe(1000);
    expect(received.some((r) => r.startsWith('ERROR') && r.includes('Heart-beat timeout'))).toBe(true);
  });

  it('keeps a client that beats alive', async () => {
    const user = await userWithToken(t);
    const live = await connectLive(liveUrl(t.api), user.token, { heartbeatIncoming: 200, heartbeatOutgoing: 200 });
    await new Promise((r) => setTimeout(r, 1800));
    expect(live.client.connected).toBe(true);
    await live.close();
  });

  it('ends live connections when the session signs out', async () => {
    const user = await userWithToken(t);
    const live = await connectLive(liveUrl(t.api), user.token);
    expect((await call(t, 'POST', '/log/logout', { token: user.token })).status).toBeLessThan(300);
    const { error } = await live.closed;
    expect(error?.headers.message).toBe('UNAUTHORIZED');
  });
});

describe('STOMP frames', () => {
  it('answers a broken frame with an ERROR frame and closes', async () => {
    const user = await userWithToken(t);
    for (const broken of [
      'HELLO\n\n\0',
      `SEND\ndestination /topic/offer-edit\n\nx\0`,
      'SEND\ncontent-length:abc\n\nx\0',
    ]) {
      const { ws, received, closed } = await rawSocket();
      ws.send(connectFrame(user.token));
      await until(() => received.length > 0);
      ws.send(broken);
      expect(await closed).toBe(1000);
      const error = received.find((r) => r.startsWith('ERROR'));
      expect(error).toBeDefined();
      expect(error).toMatch(/message:(Unknown command|Malformed header|Invalid content-length)/);
    }
  });

  it('refuses a frame over the size limit', async () => {
    const user = await userWithToken(t);
    const { ws, received, closed } = await rawSocket();
    ws.send(connectFrame(user.token));
    await until(() => received.length > 0);
    ws.send(`SEND\ndestination:/topic/offer-edit\nofferId:1\n\n${'x'.repeat(5000)}\0`);
    expect(await closed).toBe(1000);
    expect(received.find((r) => r.startsWith('ERROR'))).toContain('Frame exceeds 4096 bytes');
  });

  it('refuses frames before CONNECT', async () => {
    const { ws, received, closed } = await rawSocket();
    ws.send('SUBSCRIBE\nid:0\ndestination:/topic/queue\n\n\0');
    expect(await closed).toBe(1000);
    expect(received[0]).toContain('message:CONNECT frame expected');
  });

  it('parses several frames in one message, frames split across messages, and answers receipts', async () => {
    const user = kenyaEditor;
    const { ws, received } = await rawSocket();
    ws.send(connectFrame(user.token));
    await until(() => received.length > 0);
    ws.send(
      'SUBSCRIBE\nid:a\ndestination:/topic/offer-edit\nreceipt:r1\n\n\0\nSEND\ndestination:/topic/offer-edit\noff',
    );
    ws.send(`erId:${kenyaOfferId}\nreceipt:r2\n\n{"editing":true}\0`);
    await until(() => received.some((r) => r.startsWith('MESSAGE')));
    expect(received.find((r) => r.includes('receipt-id:r1'))).toMatch(/^RECEIPT/);
    expect(received.find((r) => r.includes('receipt-id:r2'))).toMatch(/^RECEIPT/);
    const message = received.find((r) => r.startsWith('MESSAGE'))!;
    expect(message).toContain('subscription:a');
    expect(message).toContain(`offerId:${kenyaOfferId}`);
    expect(message).toContain(`login:${user.email}`);
    // The body is the server's own, not the client's.
    expect(message).toContain(JSON.stringify({ offerId: kenyaOfferId, login: user.email }).slice(0, -1));
    expect(message).not.toContain('{"editing":true}');
    ws.close();
  });
});

describe('authorization of SUBSCRIBE and SEND', () => {
  it('refuses a destination that does not exist', async () => {
    const user = await userWithToken(t);
    const live = await connectLive(liveUrl(t.api), user.token);
    live.client.subscribe('/topic/everything', () => {});
    const { error } = await live.closed;
    expect(error?.headers.message).toBe('You cannot subscribe to /topic/everything');
  });

  it("announces offer edits with the editor's own login, whatever the client claims", async () => {
    const editor = kenyaEditor;
    const watcher = await userWithToken(t, { country: 'KE', role: 'CHIEF_NEGOTIATOR' });
    const a = await connectLive(liveUrl(t.api), editor.token);
    const b = await connectLive(liveUrl(t.api), watcher.token);
    await b.subscribe('/topic/offer-edit');
    a.client.publish({
      destination: '/topic/offer-edit',
      headers: { offerId: kenyaOfferId, login: 'someone.else@example.org' },
    });
    const msg = await b.next('/topic/offer-edit');
    expect(msg.headers.offerId).toBe(kenyaOfferId);
    expect(msg.headers.login).toBe(editor.email);
    await a.close();
    await b.close();
  });
});
