// The client side of the STOMP benchmark, run in a child process (its own event loop and core, as browsers
// would be elsewhere): connects the subscribers and the sender, sends at a steady rate, times every delivery.
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Client } from '@stomp/stompjs';
import { WebSocket } from 'ws';

export interface ClientJob {
  /** ws:// base of each instance; subscribers are spread round-robin, the sender is on the first. */
  instances: string[];
  roomId: string;
  senderToken: string;
  subscriberTokens: string[];
  messages: number;
  ratePerSecond: number;
  /**
   * Clients as the web app is with unread counts: each also listens on /topic/queue (room announcements) and marks
   * the room read on opening it (POST /chats/markRead/{roomId}); the server marks it again when they leave.
   */
  unread?: boolean;
}

export interface ClientResult {
  latencies: number[];
  deliveries: number;
  expected: number;
  lost: number;
  duplicated: number;
  durationSeconds: number;
  /** With `unread`: markRead calls made, room announcements received. */
  markReads: number;
  announcements: number;
}

/** A STOMP client over ws, connected with a bearer token (no reconnection, no heart-beats). */
export function connect(url: string, token: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const client = new Client({
      webSocketFactory: () => new WebSocket(url, ['v12.stomp']),
      connectHeaders: { Authorization: `Bearer ${token}` },
      reconnectDelay: 0,
      heartbeatIncoming: 0,
      heartbeatOutgoing: 0,
      debug: () => {},
    });
    client.onConnect = () => resolve(client);
    client.onStompError = (f) => reject(new Error(f.headers.message));
    client.onWebSocketClose = () => reject(new Error('closed'));
    client.activate();
  });
}

async function run(job: ClientJob): Promise<ClientResult> {
  const topic = `/topic/messages/${job.roomId}`;
  const sentAt = new Map<number, number>();
  const latencies: number[] = [];
  const seen = job.subscriberTokens.map(() => new Set<number>());
  let duplicated = 0;
  let deliveries = 0;
  let lastDelivery = 0;
  const clients: Client[] = [];
  let markReads = 0;
  let announcements = 0;
  const markRead = async (i: number) => {
    markReads++;
    const api = job.instances[i % job.instances.length].replace(/^ws/, 'http') + '/api';
    await fetch(`${api}/chats/markRead/${job.roomId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${job.subscriberTokens[i]}`, 'content-type': 'application/json' },
      body: '{}',
    });
  };
  for (let i = 0; i < job.subscriberTokens.length; i++) {
    const client = await connect(
      `${job.instances[i % job.instances.length]}/stomp-chat?roomId=${job.roomId}`,
      job.subscriberTokens[i],
    );
    clients.push(client);
    await new Promise<void>((resolve) => {
      const receipt = crypto.randomBytes(6).toString('hex');
      client.watchForReceipt(receipt, () => resolve());
      client.subscribe(
        topic,
        (m) => {
          const now = performance.now();
          const text: string = JSON.parse(m.body).conversation;
          if (!text.startsWith('seq:')) return;
          const seq = Number(text.slice(4));
          if (seen[i].has(seq)) duplicated++;
          seen[i].add(seq);
          deliveries++;
          lastDelivery = now;
          const t0 = sentAt.get(seq);
          if (t0 !== undefined) latencies.push(now - t0);
        },
        { receipt },
      );
    });
    if (job.unread) {
      client.subscribe('/topic/queue', () => void announcements++);
      await markRead(i);
    }
  }
  const sender = await connect(`${job.instances[0]}/stomp-chat?roomId=${job.roomId}`, job.senderToken);
  const publish = (conversation: string) =>
    sender.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: job.roomId }, conversation, file: null, messageType: 'MESSAGE' }),
    });
  // Warm-up, not counted.
  for (let w = 0; w < 5; w++) publish(`warm${w}`);
  await new Promise((r) => setTimeout(r, 1000));

  const start = performance.now();
  const interval = 1000 / job.ratePerSecond;
  for (let seq = 0; seq < job.messages; seq++) {
    const wait = start + seq * interval - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sentAt.set(seq, performance.now());
    publish(`seq:${seq}`);
  }
  const expected = job.messages * job.subscriberTokens.length;
  const deadline = performance.now() + 120_000;
  while (deliveries < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 500));
  const lost = seen.reduce((n, s) => n + (job.messages - [...s].filter((q) => q < job.messages).length), 0);
  await sender.deactivate();
  await Promise.all(clients.map((c) => c.deactivate()));
  return {
    markReads,
    announcements,
    latencies,
    deliveries,
    expected,
    lost,
    duplicated,
    durationSeconds: +((lastDelivery - start) / 1000).toFixed(2),
  };
}

// Run as the child process (not when another client script imports `connect`).
if (process.argv[1] === fileURLToPath(import.meta.url))
  process.once('message', (job: ClientJob) => {
    run(job).then(
      (result) => process.send!({ result }),
      (err: Error) => process.send!({ error: err.message }),
    );
  });
