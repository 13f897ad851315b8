// A rolling restart under load, as docs/operations.md describes it, through nginx configured by deploy/nginx.conf:
// writers (signed-in room creations, POST), readers and live STOMP listeners run throughout while each instance in
// turn gets SIGTERM, exits, starts again, answers /api/ready 200, and ROLL_WAIT_SECONDS pass. Then: no request failed
// (no 5xx, no connection error), every acknowledged write is in the database once and readable, and every live client
// reconnected and heard a message after the restarts. Prints its figures; exits 1 on the first failure.
// Environment (set by proxy-test.sh): PROXY_URL, PROXY_ADDR, OUTBOX, DATABASE_URL, INSTANCES (ports, comma-separated),
// PID_DIR (instance-<port>.pid), START_INSTANCE (a script starting the instance of the port it is given),
// ROLL_WAIT_SECONDS.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@stomp/stompjs';
import pg from 'pg';
import { WebSocket } from 'ws';
import { apiSignIn, check, HOST, PROXY_ADDR, running, sleep, until } from './proxy-support.mjs';

const env = process.env;
const ports = env.INSTANCES.split(',');
const waitAfterReady = Number(env.ROLL_WAIT_SECONDS) * 1000;
const WRITERS_PER_USER = 2;
const READERS = 2;
const LISTENERS_PER_USER = 3;
const stamp = Date.now().toString(36);

const pidOf = async (port) => Number(await readFile(path.join(env.PID_DIR, `instance-${port}.pid`), 'utf8'));
/** The instance's own readiness, asked straight at it (as an orchestrator would), or the connection error. */
async function readiness(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch (err) {
    return err.cause?.code ?? err.name;
  }
}

const results = { sent: 0, failed: 0, failures: new Map(), writes: [], reads: 0 };
function failed(what) {
  results.failed++;
  results.failures.set(what, (results.failures.get(what) ?? 0) + 1);
}

/** One request through the proxy; anything but a 200 (a 5xx, a reset, a refusal) counts as failed. */
async function send(method, url, accessToken, body) {
  results.sent++;
  try {
    const res = await fetch(`${PROXY_ADDR}/api${url}`, {
      method,
      headers: {
        host: HOST,
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(15_000),
    });
    const json = await res.json().catch(() => null);
    if (res.status !== 200) failed(`${method} ${url.replace(/[0-9a-f-]{36}/, ':id')} ${res.status}`);
    return res.status === 200 ? json : null;
  } catch (err) {
    failed(`${method} ${url.replace(/[0-9a-f-]{36}/, ':id')} ${err.cause?.code ?? err.name}`);
    return null;
  }
}

let stopLoad = false;
async function writer(me, other, n) {
  for (let i = 0; !stopLoad; i++) {
    const title = `rolling ${stamp} ${n}-${i}`;
    const answer = await send('POST', '/chats/addRomes', me.token, {
      title,
      profileDtos: [other.id],
      offerDoc: null,
      countryIdSender: null,
      countryIdReceived: null,
      romeType: 'CONTACT',
    });
    if (answer?.payload?.id) results.writes.push({ id: answer.payload.id, title, by: me.token });
    await sleep(100);
  }
}
async function reader(me) {
  for (let i = 0; !stopLoad; i++) {
    if (await send('GET', i % 2 ? '/home' : '/profile/current', me.token)) results.reads++;
    await sleep(50);
  }
}

/** A live client of /topic/queue through the proxy that reconnects (and subscribes again) whenever it is closed. */
function listener(accessToken) {
  const live = { connects: 0, errors: [], heard: [] };
  const client = new Client({
    webSocketFactory: () =>
      new WebSocket(`${PROXY_ADDR.replace(/^http/, 'ws')}/stomp`, ['v12.stomp'], { headers: { host: HOST } }),
    connectHeaders: { Authorization: `Bearer ${accessToken}` },
    reconnectDelay: 300,
    heartbeatIncoming: 0,
    heartbeatOutgoing: 0,
    debug: () => {},
  });
  client.onConnect = () => {
    live.connects++;
    client.subscribe('/topic/queue', () => live.heard.push(Date.now()));
  };
  client.onStompError = (frame) => live.errors.push(frame.headers.message);
  client.activate();
  live.client = client;
  return live;
}

const db = new pg.Client({ connectionString: env.DATABASE_URL });
await db.connect();
const t0 = Date.now();
const ke = await apiSignIn(PROXY_ADDR, 'chief.ke@portal.test');
const sn = await apiSignIn(PROXY_ADDR, 'chief.sn@portal.test');
const listeners = [ke, sn].flatMap((u) => Array.from({ length: LISTENERS_PER_USER }, () => listener(u.token)));
await until(() => listeners.every((l) => l.connects === 1), 10_000, 'every listener connected');

const load = [
  ...Array.from({ length: WRITERS_PER_USER }, (_, i) => writer(ke, sn, `ke${i}`)),
  ...Array.from({ length: WRITERS_PER_USER }, (_, i) => writer(sn, ke, `sn${i}`)),
  ...Array.from({ length: READERS }, (_, i) => reader(i % 2 ? ke : sn)),
];
await sleep(1500);

const timings = [];
for (const port of ports) {
  const pid = await pidOf(port);
  const signalled = Date.now();
  process.kill(pid, 'SIGTERM');
  let drainSeenAt = null;
  let stillServing = 0;
  while (running(pid)) {
    const status = await readiness(port);
    if (status === 503 && drainSeenAt === null) drainSeenAt = Date.now();
    if (status === 503) stillServing++;
    await sleep(100);
  }
  const exitedAt = Date.now();
  spawn('bash', [env.START_INSTANCE, port], { stdio: 'ignore' }).unref();
  await until(async () => (await readiness(port)) === 200, 60_000, `instance ${port} ready again`);
  const readyAt = Date.now();
  timings.push({
    port,
    readyAnswered503After: drainSeenAt && drainSeenAt - signalled,
    readyPolls503: stillServing,
    exitedAfter: exitedAt - signalled,
    readyAfterStart: readyAt - exitedAt,
  });
  await sleep(waitAfterReady);
}
const restartsDone = Date.now();
await until(
  () => listeners.every((l) => l.heard.some((t) => t > restartsDone)),
  10_000,
  'every live client hears a message after the restarts',
).catch(() => {});
stopLoad = true;
await Promise.all(load);
const loadSeconds = (Date.now() - t0) / 1000;

for (const t of timings)
  console.log(
    `     instance ${t.port}: /api/ready 503 ${t.readyAnswered503After} ms after SIGTERM (still answering, ${t.readyPolls503} polls), exited after ${t.exitedAfter} ms, ready ${t.readyAfterStart} ms after its start`,
  );
check(
  timings.every((t) => t.readyAnswered503After !== null && t.readyAnswered503After < 1000),
  'each instance answered /api/ready 503 SHUTTING_DOWN within 1 s of SIGTERM, while still serving',
);
check(
  results.failed === 0 && results.writes.length > 0 && results.reads > 0,
  `rolling restart of ${ports.length} instances under load: ${results.sent} requests through nginx, ${results.failed} failed` +
    `${results.failed ? ` (${[...results.failures].map(([k, v]) => `${k}: ${v}`).join(', ')})` : ''}; ` +
    `${results.writes.length} writes acknowledged, ${results.reads} reads`,
);
{
  const ids = results.writes.map((w) => w.id);
  const { rows } = await db.query(
    `select title, count(*)::int as n from chat_rooms where title like $1 group by title`,
    [`rolling ${stamp} %`],
  );
  const stored = new Map(rows.map((r) => [r.title, r.n]));
  const { rows: found } = await db.query('select id from chat_rooms where id = any($1::uuid[])', [ids]);
  check(
    found.length === ids.length && results.writes.every((w) => stored.get(w.title) === 1),
    `every acknowledged write is stored, once: ${found.length} of ${ids.length} (rows with the run's titles: ${rows.length}, none twice)`,
  );
  const sample = results.writes.filter((_, i) => i % Math.ceil(results.writes.length / 40) === 0);
  const back = await Promise.all(
    sample.map((w) =>
      fetch(`${PROXY_ADDR}/api/chats/getRoomById/${w.id}`, {
        headers: { host: HOST, authorization: `Bearer ${w.by}` },
      }).then(async (r) => r.status === 200 && (await r.json()).payload.title === w.title),
    ),
  );
  check(back.every(Boolean), `${sample.length} of them read back through the proxy after the restarts`);
}
check(
  listeners.every((l) => l.connects >= 2 && l.heard.some((t) => t > restartsDone)),
  `every live client reconnected and heard a message after the restarts (connections per client: ${listeners
    .map((l) => l.connects)
    .join(',')}; told ${[...new Set(listeners.flatMap((l) => l.errors))].join(', ') || 'nothing'})`,
);
check(
  listeners.every((l) => l.errors.every((e) => e === 'SERVER_SHUTTING_DOWN')),
  'live clients were only ever told SERVER_SHUTTING_DOWN',
);
await Promise.all(listeners.map((l) => l.client.deactivate()));
await db.end();
console.log(`rolling restart took ${loadSeconds.toFixed(1)} s`);
