// Live-channel fan-out: 200 STOMP subscribers (@stomp/stompjs over ws, as browsers use it) in one room and
// 1,000 messages SENT to /app/addMessage, each stored then published. End-to-end latency is from the sender's
// publish to each subscriber's receipt (one clock: sender and subscribers run in one child process). Two set-ups: one instance
// with the in-process broker (embedded PGlite), and two instances on one PostgreSQL database with Redis
// (subscribers split across them, sender on the first). Baselines in the same run: a bare WebSocket
// ping/pong, and the same messages to a single subscriber.
// `npm run bench -- stomp`; results in bench/results/stomp.json and stomp.md. Exits 1 when a fan-out set-up of many
// subscribers misses its target: p99 under 50 ms, nothing lost or duplicated.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { buildApp, type PortalApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { machine, stats, writeResults, type Stats } from './lib.js';
import { makeRoom, makeUsers, startChild } from './live-setup.js';
import type { ClientJob, ClientResult } from './stomp-clients.js';
import { scratchDatabase } from '../apps/server/test/scratch-database.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 200);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1000);
/** Messages per second the sender keeps to (latency under a steady load, not queueing under a burst). */
const RATE = Number(process.env.BENCH_RATE ?? 50);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Instance extends PortalApp {
  ws: string;
  close(): Promise<void>;
}

async function startInstance(
  env: Record<string, string>,
  database?: Awaited<ReturnType<typeof openDatabase>>,
): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-stomp-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
    // The sender keeps BENCH_RATE messages a second from one connection, above a person's SEND budgets (the
    // connection's and the user's).
    STOMP_SEND_BURST: '100000',
    STOMP_SEND_PER_SECOND: '100000',
    STOMP_USER_SEND_BURST: '100000',
    STOMP_USER_SEND_PER_SECOND: '100000',
    ...env,
  });
  const portal = await buildApp(config, database ? { database } : {});
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...portal,
    ws: `ws://127.0.0.1:${port}`,
    async close() {
      await portal.app.close();
      if (database) await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface FanoutResult {
  subscribers: number;
  messages: number;
  sendRatePerSecond: number;
  latency: Stats;
  deliveries: number;
  expected: number;
  lost: number;
  duplicated: number;
  deliveriesPerSecond: number;
  durationSeconds: number;
  markReads: number;
  announcements: number;
}

/** Runs the clients in a child process (own core and event loop, as browsers would be) against the instances here. */
function runClients(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = startChild('stomp-clients.ts');
    child.once('message', (m: { result?: ClientResult; error?: string }) => {
      child.kill();
      if (m.result) resolve(m.result);
      else reject(new Error(m.error));
    });
    child.once('error', reject);
    child.send(job);
  });
}

/** Subscribers spread round-robin over the instances; the sender on the first. */
async function fanout(
  instances: Instance[],
  subscriberCount: number,
  tag: string,
  unread = false,
): Promise<FanoutResult> {
  const ctx = instances[0].ctx;
  const people = await makeUsers(ctx, subscriberCount + 1, tag);
  const [sender, ...subs] = people;
  const roomId = await makeRoom(
    ctx,
    people.map((p) => p.id),
  );
  const r = await runClients({
    instances: instances.map((i) => i.ws),
    roomId,
    senderToken: sender.token,
    subscriberTokens: subs.map((s) => s.token),
    messages: MESSAGES,
    ratePerSecond: RATE,
    unread,
  });
  return {
    markReads: r.markReads,
    announcements: r.announcements,
    subscribers: subs.length,
    messages: MESSAGES,
    sendRatePerSecond: RATE,
    latency: stats(r.latencies),
    deliveries: r.deliveries,
    expected: r.expected,
    lost: r.lost,
    duplicated: r.duplicated,
    deliveriesPerSecond: Math.round(r.deliveries / r.durationSeconds),
    durationSeconds: r.durationSeconds,
  };
}

/** The transport floor: a bare WebSocket ping/pong round trip to the same server. */
async function wsPing(instance: Instance): Promise<Stats> {
  const ws = new WebSocket(`${instance.ws}/stomp`, ['v12.stomp']);
  await new Promise((r) => ws.once('open', r));
  const samples: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    ws.ping();
    await new Promise((r) => ws.once('pong', r));
    if (i >= 50) samples.push(performance.now() - t0);
  }
  ws.terminate();
  return stats(samples);
}

const results: Record<string, unknown> = {};

/**
 * The cost of unread counts, same run, same subscribers: one instance with room announcements
 * (CHAT_ROOM_ANNOUNCE_MS 250, the default) and clients that listen on /topic/queue and mark the room read as the web
 * app does, against one without announcements and clients that do neither. The goal: p99 moves by 20 % at most.
 */
async function unreadCost(): Promise<{ with: FanoutResult; without: FanoutResult; p99Change: number }> {
  const secret = crypto.randomBytes(32).toString('hex');
  const off = await startInstance({ JWT_SECRET: secret, CHAT_ROOM_ANNOUNCE_MS: '0' });
  const without = await fanout([off], SUBSCRIBERS, 'nounread');
  await off.close();
  const on = await startInstance({ JWT_SECRET: secret });
  const withUnread = await fanout([on], SUBSCRIBERS, 'unread', true);
  await on.close();
  const p99Change = +((withUnread.latency.p99 / without.latency.p99 - 1) * 100).toFixed(1);
  return { with: withUnread, without, p99Change };
}

const unreadRow = (label: string, r: FanoutResult) =>
  `| ${label} | ${r.latency.p50} | ${r.latency.p99} | ${r.deliveries}/${r.expected} | ${r.lost} | ${r.duplicated} | ${r.markReads} | ${r.announcements} |`;
const unreadTable = (u: Awaited<ReturnType<typeof unreadCost>>) => [
  '',
  `Unread bookkeeping, same run: p99 ${u.without.latency.p99} ms without, ${u.with.latency.p99} ms with (${u.p99Change >= 0 ? '+' : ''}${u.p99Change} %; goal: at most +20 %).`,
  '',
  '| in-process broker, PGlite | p50 | p99 | delivered | lost | duplicated | markRead calls | announcements received |',
  '|---|---|---|---|---|---|---|---|',
  unreadRow('without unread bookkeeping', u.without),
  unreadRow('with unread bookkeeping', u.with),
];

// A brief run of the unread comparison alone: BENCH_STOMP_ONLY=unread (results appended to the history only).
if (process.env.BENCH_STOMP_ONLY === 'unread') {
  const u = await unreadCost();
  console.log(unreadTable(u).join('\n'));
  fs.appendFileSync(
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'results/stomp-history.jsonl'),
    `${JSON.stringify({ when: new Date().toISOString(), load: os.loadavg(), subscribers: SUBSCRIBERS, messages: MESSAGES, rate: RATE, results: { unread: u } })}\n`,
  );
  process.exit(0);
}

// 1. One instance, in-process broker, embedded PGlite.
{
  const one = await startInstance({ JWT_SECRET: crypto.randomBytes(32).toString('hex') });
  results.wsPing = await wsPing(one);
  results.memorySingleSubscriber = await fanout([one], 1, 'mem1');
  results.memory = await fanout([one], SUBSCRIBERS, 'mem');
  await one.close();
  results.unread = await unreadCost();
}

// 2. Two instances, one PostgreSQL database, Redis broker.
{
  const db = await scratchDatabase('portal_bench');
  const url = db.url;
  const env = { DATABASE_URL: url.toString(), REDIS_URL, JWT_SECRET: crypto.randomBytes(32).toString('hex') };
  // The in-process broker on PostgreSQL: the same fan-out as the embedded default, without PGlite's
  // WebAssembly queries running on the server's event loop.
  const solo = await startInstance(
    { DATABASE_URL: url.toString(), JWT_SECRET: env.JWT_SECRET },
    await openDatabase({ url: url.toString() }),
  );
  results.memoryPostgres = await fanout([solo], SUBSCRIBERS, 'mempg');
  await solo.close();
  const a = await startInstance(env, await openDatabase({ url: url.toString() }));
  const b = await startInstance(env, await openDatabase({ url: url.toString() }));
  results.redisSingleSubscriber = await fanout([a, b], 1, 'red1');
  results.redis = await fanout([a, b], SUBSCRIBERS, 'red');
  await a.close();
  await b.close();
  await db.drop();
}

const row = (label: string, r: FanoutResult) =>
  `| ${label} | ${r.subscribers} | ${r.latency.p50} | ${r.latency.p95} | ${r.latency.p99} | ${r.latency.max} | ${r.deliveriesPerSecond} | ${r.deliveries}/${r.expected} | ${r.lost} | ${r.duplicated} |`;
const ping = results.wsPing as Stats;
const mem = results.memory as FanoutResult;
const red = results.redis as FanoutResult;
/** The target of each fan-out set-up: p99 under this, nothing lost or duplicated. */
const P99_TARGET_MS = 50;
const met = (r: FanoutResult) => r.latency.p99 < P99_TARGET_MS && r.lost === 0 && r.duplicated === 0;
const pass = (r: FanoutResult) => (met(r) ? 'met' : 'NOT met');
const setUps: [string, FanoutResult][] = [
  ['in-process on PGlite', mem],
  ['in-process on PostgreSQL', results.memoryPostgres as FanoutResult],
  ['two instances with Redis', red],
];
// Every run is kept (the shared machine's load makes single runs noisy): one JSON line per run.
fs.appendFileSync(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'results/stomp-history.jsonl'),
  `${JSON.stringify({ when: new Date().toISOString(), load: os.loadavg(), subscribers: SUBSCRIBERS, messages: MESSAGES, rate: RATE, results })}\n`,
);
writeResults(
  'stomp',
  {
    subscribers: SUBSCRIBERS,
    messages: MESSAGES,
    sendRatePerSecond: RATE,
    results,
    goal: `p99 < ${P99_TARGET_MS} ms, no message lost or duplicated`,
  },
  [
    `# STOMP fan-out (${new Date().toISOString()})`,
    '',
    `${machine()}. ${SUBSCRIBERS} subscribers (@stomp/stompjs over ws) in one room, ${MESSAGES} messages sent at ${RATE}/s to /app/addMessage;`,
    'each message is stored (one INSERT) and then published. Latency is from the',
    `sender's publish to each subscriber's receipt, in ms; servers run in this process, the clients in a child process; the machine's 2 cores were shared with other work (load average ${os.loadavg()[0].toFixed(1)} at the end).`,
    '',
    '| set-up | subscribers | p50 | p95 | p99 | max | deliveries/s | delivered | lost | duplicated |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row('baseline: in-process broker, PGlite, 1 subscriber', results.memorySingleSubscriber as FanoutResult),
    row('in-process broker, PGlite, one instance', mem),
    row('in-process broker, PostgreSQL, one instance', results.memoryPostgres as FanoutResult),
    row('baseline: Redis, PostgreSQL, 1 subscriber', results.redisSingleSubscriber as FanoutResult),
    row('Redis, PostgreSQL, two instances (subscribers split)', red),
    '',
    `Transport floor (bare WebSocket ping/pong, same server): p50 ${ping.p50} ms, p99 ${ping.p99} ms.`,
    '',
    ...unreadTable(results.unread as Awaited<ReturnType<typeof unreadCost>>),
    '',
    `Target (p99 < ${P99_TARGET_MS} ms, nothing lost or duplicated): ${setUps.map(([name, r]) => `${name} ${pass(r)}`).join('; ')}.`,
  ],
);
// A missed target fails the run (and `npm run bench`): a regression shows as a failure, not only in the results.
const missed = setUps.filter(([, r]) => !met(r)).map(([name]) => name);
if (missed.length) console.error(`STOMP fan-out: target missed (${missed.join(', ')})`);
process.exit(missed.length ? 1 : 0);
