// Presence after a crash, with Redis: a member viewing a room on instance A (subscribed to its messages) is not
// notified of the messages they see arrive; A is killed with SIGKILL (no unsubscribe, no clean-up) and started again;
// the member does not come back. Messages then posted on B must notify them within a minute: the dead connection's
// presence expires (STOMP_PRESENCE_TTL_SECONDS) instead of silencing the room for 12 hours. A viewer who reconnects
// is counted again at once. Environment (set by proxy-test.sh): PROXY_URL, PROXY_ADDR, OUTBOX, INSTANCES (A,B ports),
// PID_DIR, START_INSTANCE.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import { WebSocket } from 'ws';
import { apiSignIn, check, HOST, PROXY_ADDR, sleep, until } from './proxy-support.mjs';

const env = process.env;
const [portA, portB] = env.INSTANCES.split(',');

async function api(method, url, accessToken, body) {
  const res = await fetch(`${PROXY_ADDR}/api${url}`, {
    method,
    headers: {
      host: HOST,
      authorization: `Bearer ${accessToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status}`);
  return (await res.json()).payload;
}

/** A STOMP connection straight to one instance's /stomp-chat, resolved once connected. */
function connectTo(port, accessToken, roomId) {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(`ws://127.0.0.1:${port}/stomp-chat?roomId=${roomId}`, ['v12.stomp']),
      connectHeaders: { Authorization: `Bearer ${accessToken}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
    });
    client.onConnect = () => resolve(client);
    client.onStompError = (frame) => reject(new Error(frame.headers.message));
    client.onWebSocketError = () => reject(new Error(`no connection to ${port}`));
    client.activate();
  });
}

/** Subscribes to a room's messages and waits for the server's RECEIPT (the viewer is then counted). */
function view(client, roomId) {
  return new Promise((resolve) => {
    const receipt = `view-${roomId}`;
    client.watchForReceipt(receipt, resolve);
    client.subscribe(`/topic/messages/${roomId}`, () => {}, { receipt });
  });
}

const unreadAbout = async (me, roomId) =>
  (await api('GET', '/notifications?size=50', me.token)).content.filter(
    (n) => !n.read && (n.link ?? '').includes(roomId),
  ).length;

const viewer = await apiSignIn(PROXY_ADDR, 'chief.ke@portal.test');
const poster = await apiSignIn(PROXY_ADDR, 'chief.sn@portal.test');
const room = await api('POST', '/chats/addRomes', poster.token, {
  title: `crash ${Date.now().toString(36)}`,
  profileDtos: [viewer.id],
  offerDoc: null,
  countryIdSender: null,
  countryIdReceived: null,
  romeType: 'CONTACT',
});
await api('POST', '/notifications/all', viewer.token, {});
const sender = await connectTo(portB, poster.token, room.id);
const post = (text) =>
  sender.publish({
    destination: '/app/addMessage',
    body: JSON.stringify({ romes: { id: room.id }, conversation: text, messageType: 'MESSAGE' }),
  });

// Viewing on A: a message posted on B is seen arriving, so it notifies nobody.
const watching = await connectTo(portA, viewer.token, room.id);
await view(watching, room.id);
post('seen as it arrives');
await sleep(1500);
check((await unreadAbout(viewer, room.id)) === 0, 'a member viewing a room on A is not notified of its messages');

// A dies without a word; its viewer does not come back.
const pidA = Number(await readFile(path.join(env.PID_DIR, `instance-${portA}.pid`), 'utf8'));
const killedAt = Date.now();
process.kill(pidA, 'SIGKILL');
watching.forceDisconnect();
await watching.deactivate();
spawn('bash', [env.START_INSTANCE, portA], { stdio: 'ignore' }).unref();
let posted = 0;
await until(
  async () => {
    post(`after the crash ${++posted}`);
    await sleep(2000);
    return (await unreadAbout(viewer, room.id)) > 0;
  },
  90_000,
  'the viewer of the crashed instance is notified',
);
const notifiedAfter = Date.now() - killedAt;
check(
  notifiedAfter < 60_000,
  `after A was killed (SIGKILL) with a viewer in a room, its messages notify them again ${(notifiedAfter / 1000).toFixed(1)} s later (${posted} posted on B)`,
);

// The viewer comes back on the restarted A: counted again at once.
await until(
  async () => (await fetch(`http://127.0.0.1:${portA}/api/ready`).catch(() => null))?.status === 200,
  60_000,
  'A ready again',
);
await api('POST', '/notifications/all', viewer.token, {});
const back = await connectTo(portA, viewer.token, room.id);
await view(back, room.id);
post('seen again');
await sleep(1500);
check(
  (await unreadAbout(viewer, room.id)) === 0,
  'a viewer who reconnects to the restarted A is counted again at once',
);
await back.deactivate();
await sender.deactivate();
