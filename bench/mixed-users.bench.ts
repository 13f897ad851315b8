// Concurrency: a realistic mix of concurrently active users on ONE instance, in steps of 100, 250, 500,
// 1,000, 2,500 and 5,000 users, on PostgreSQL and on the embedded PGlite, in two room layouts: members online (all of
// a room's members connected and looking at it) and members offline (2 of a room's 10 members connected: each message
// stores notifications for the 8 others). Users are made directly in the database with sessions and signed tokens
// (signing in thousands by password would measure argon2); their actions run in a child process
// (bench/mixed-users-clients.ts), the server here. A series stops at its knee: p95 ≥ 1 s or any error or timeout.
// `npm run bench -- mixed-users`; BENCH_MAX_USERS, BENCH_STEPS (e.g. 1000 alone), BENCH_STEP_SECONDS, BENCH_WARMUP_SECONDS, BENCH_DATABASES
// (postgres,pglite; pglite-loop: PGlite on the request loop, PGLITE_WORKER=false), BENCH_LAYOUTS (online,offline),
// BENCH_PROFILE (a folder: the server's CPU profile of each step; the profiler costs the server a third of its CPU
// and more, so figures taken with it are not compared with those taken without).
// Results in bench/results/mixed-users.json and .md. Exits 1 when a target is missed (a step at or below 5,000 users
// on PostgreSQL or 1,000 on PGlite failed); steps not run up to a target are not a failure.
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../apps/server/src/context.js';
import { chatMessages, countries, notifications } from '../apps/server/src/db/schema/index.js';
import { benchOfferDocument, machine, startBenchApp, stats, writeResults, type Stats } from './lib.js';
import { addHistory, makeRooms, makeUsers, startChild, type BenchUser } from './live-setup.js';
import { KINDS, type InitJob, type Kind, type StepJob, type StepResult } from './mixed-users-clients.js';
import { scratchDatabase } from '../apps/server/test/scratch-database.js';

const MAX_USERS = Number(process.env.BENCH_MAX_USERS ?? 5000);
const STEPS = (process.env.BENCH_STEPS ?? '100,250,500,1000,2500,5000')
  .split(',')
  .map(Number)
  .filter((n) => n <= MAX_USERS);
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const LAYOUTS = (process.env.BENCH_LAYOUTS ?? 'online,offline').split(',') as Layout[];
const THINK_MS: [number, number] = [3000, 6000];
const TIMEOUT_MS = 10_000;
const COUNTRIES = 20;
const SECTORS = 50;
const ROOM_SIZE = 10;
/** Members offline: this many of a room's members are connected, the others never are. */
const CONNECTED_PER_ROOM = 2;
const KNEE_P95_MS = 1000;
/** What each user and room has from before (see addHistory): notifications per user (some unread), messages per room. */
const HISTORY_NOTIFICATIONS = 30;
const HISTORY_UNREAD = 2;
const HISTORY_MESSAGES = 50;

type Layout = 'online' | 'offline';

/** BENCH_PROFILE=<folder>: a CPU profile of the server's main thread over each measured step, for Chromium's DevTools. */
const PROFILE_DIR = process.env.BENCH_PROFILE;

async function startProfile(): Promise<(file: string) => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async (file) => {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(PROFILE_DIR!, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}

interface StepRow {
  users: number;
  actionsPerSecond: number;
  overall: Stats;
  kinds: Record<Kind, Stats | null>;
  errors: number;
  timeouts: number;
  connectErrors: number;
  savesDeferred: number;
  serverCpuPercent: number;
  /** The database server's backends for this database (PostgreSQL only), % of one core. */
  postgresCpuPercent: number | null;
  machineCpuPercent: number;
  serverRssMB: number;
  eventLoopDelayP99Ms: number;
  /** Share of the step the request loop (the main thread) was busy: PGlite included unless it has its own thread. */
  loopBusyPercent: number;
  generatorCpuPercent: number;
  firstErrors: string[];
  /** Chat messages stored a second during the step, and notification rows written (inserted or counted up) a second. */
  messagesPerSecond: number;
  notificationsPerSecond: number;
  ok: boolean;
}

interface Series {
  database: string;
  layout: Layout;
  steps: StepRow[];
  /** The last step with p95 < 1 s and no error; null when even the first failed. */
  knee: number | null;
  stoppedAt: number | null;
}

/** Busy and total jiffies of the whole machine (every core), from /proc/stat. */
function machineTicks(): { busy: number; total: number } {
  const f = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}

/**
 * CPU time (in clock ticks, 100 a second) used so far by each PostgreSQL backend serving the benchmark's database
 * (the server's pool), read from /proc: the database server's share, apart from other databases on it.
 */
async function backendTicks(watcher: pg.Client): Promise<Map<number, number>> {
  const { rows } = await watcher.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  const ticks = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(f[11]) + Number(f[12]));
    } catch {
      // The backend ended meanwhile.
    }
  }
  return ticks;
}

function next<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const on = (m: { type: string; error?: string }) => {
      if (m.type === 'error') reject(new Error(m.error));
      else if (m.type !== type) return;
      else resolve(m as T);
      child.off('message', on);
    };
    child.on('message', on);
  });
}

/** Users added by one step, in their rooms (members online: rooms of 10 users; offline: 2 users and 8 absent). */
async function addUsers(
  ctx: Awaited<ReturnType<typeof startBenchApp>>['ctx'],
  tag: string,
  count: number,
  layout: Layout,
  place: { id: number; regionId: number | null }[],
): Promise<StepJob['add']> {
  const country = (i: number) => place[i % place.length];
  const people = await makeUsers(ctx, count, tag, { country });
  const perRoom = layout === 'online' ? ROOM_SIZE : CONNECTED_PER_ROOM;
  const groups: BenchUser[][] = [];
  for (let i = 0; i < people.length; i += perRoom) groups.push(people.slice(i, i + perRoom));
  const absent =
    layout === 'offline'
      ? await makeUsers(ctx, groups.length * (ROOM_SIZE - perRoom), `${tag}-away`, { token: false })
      : [];
  const rooms = await makeRooms(
    ctx,
    groups.map((g, r) => [
      ...g.map((p) => p.id),
      ...absent.slice(r * (ROOM_SIZE - perRoom), (r + 1) * (ROOM_SIZE - perRoom)).map((p) => p.id),
    ]),
  );
  await addHistory(ctx, {
    userIds: [...people, ...absent].map((p) => p.id),
    notifications: HISTORY_NOTIFICATIONS,
    unread: HISTORY_UNREAD,
    roomIds: rooms,
    messages: HISTORY_MESSAGES,
  });
  return people.map((p, i) => ({ token: p.token, roomId: rooms[Math.floor(i / perRoom)], offer: i % place.length }));
}

/** Each database the series run on, by its BENCH_DATABASES name. */
const SERIES_DATABASES: Record<string, { label: string; env: Record<string, string> }> = {
  postgres: { label: 'PostgreSQL', env: {} },
  pglite: { label: 'PGlite (embedded)', env: {} },
  'pglite-loop': { label: 'PGlite on the request loop (PGLITE_WORKER=false)', env: { PGLITE_WORKER: 'false' } },
};

async function runSeries(database: string, layout: Layout, env: Record<string, string>): Promise<Series> {
  const pgDb = database === 'PostgreSQL' ? await scratchDatabase('portal_bench') : null;
  const t = await startBenchApp({
    ...env,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ACCESS_TOKEN_TTL_SECONDS: '7200',
  });
  const watcher = pgDb ? new pg.Client({ connectionString: pgDb.url }) : null;
  await watcher?.connect();
  const child = startChild('mixed-users-clients.ts');
  const series: Series = { database, layout, steps: [], knee: null, stoppedAt: null };
  try {
    const place = await t.ctx.db
      .select({ id: countries.id, regionId: countries.regionId })
      .from(countries)
      .orderBy(countries.id)
      .limit(COUNTRIES);
    // One 50-sector offer per country, created by one of its focal points through the API.
    const focal = await makeUsers(t.ctx, place.length, `${layout}-focal`, { country: (i) => place[i] });
    const doc = benchOfferDocument(SECTORS);
    const offers: InitJob['offers'] = [];
    for (const f of focal) {
      const headers = { authorization: `Bearer ${f.token}`, 'content-type': 'application/json' };
      const created = await fetch(`${t.api}/offers`, { method: 'POST', headers, body: JSON.stringify(doc) });
      if (created.status !== 200) throw new Error(`offer not created: ${created.status} ${await created.text()}`);
      const { id } = ((await created.json()) as { payload: { id: string } }).payload;
      const read = (await (await fetch(`${t.api}/offers/${id}`, { headers })).json()) as {
        payload: { revision: number };
      };
      offers.push({ id, revision: read.payload.revision, doc });
    }
    const init: InitJob = {
      type: 'init',
      ws: t.api.replace(/^http/, 'ws').replace(/\/api$/, ''),
      api: t.api,
      offers,
      thinkMs: THINK_MS,
      timeoutMs: TIMEOUT_MS,
    };
    child.send(init);
    await next(child, 'ready');
    let connected = 0;
    for (const users of STEPS) {
      const add = await addUsers(t.ctx, `${layout}-${users}`, users - connected, layout, place);
      connected = users;
      // Thousands of users and rooms were just written in bulk: their statistics are brought up to date, as autovacuum
      // does in time on a server whose tables grow at a human pace. Without it, plans made for the tables of the first
      // step (ten rooms) stay in use for fifty times as many rows.
      await watcher?.query('analyze');
      const step: StepJob = { type: 'step', add, warmupSeconds: WARMUP_SECONDS, seconds: STEP_SECONDS };
      child.send(step);
      await next(child, 'measuring');
      const profiler = PROFILE_DIR ? await startProfile() : null;
      const cpu = process.cpuUsage();
      const ticks = machineTicks();
      const backends = watcher ? await backendTicks(watcher) : null;
      const t0 = performance.now();
      const since = new Date();
      const busy = performance.eventLoopUtilization();
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      let rss = process.memoryUsage.rss();
      const sampler = setInterval(() => (rss = Math.max(rss, process.memoryUsage.rss())), 1000);
      const { result } = await next<{ result: StepResult }>(child, 'result');
      clearInterval(sampler);
      loop.disable();
      await profiler?.(
        `${PROFILE_DIR}/mixed-users-${database === 'PostgreSQL' ? 'postgres' : 'pglite'}-${layout}-${users}.cpuprofile`,
      );
      const backendsNow = watcher ? await backendTicks(watcher) : null;
      const row = toRow(result, {
        postgresTicks: backends
          ? [...backends].reduce((n, [pid, at]) => n + (backendsNow!.get(pid) ?? at) - at, 0)
          : null,
        cpu: process.cpuUsage(cpu),
        ticks,
        ms: performance.now() - t0,
        rss,
        loopP99: loop.percentile(99) / 1e6,
        loopBusy: performance.eventLoopUtilization(busy).utilization,
        // Last: the figures above are taken when the step ends, not after this read.
        written: await writtenSince(t.ctx, since),
      });
      series.steps.push(row);
      console.log(`${database}, members ${layout}: ${JSON.stringify({ ...row, kinds: undefined })}`);
      if (!row.ok) {
        series.stoppedAt = users;
        break;
      }
      series.knee = users;
    }
  } finally {
    child.send({ type: 'stop' });
    await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 15_000))]);
    child.kill();
    await t.close();
    await watcher?.end();
    await pgDb?.drop();
  }
  return series;
}

/**
 * What the step stored: chat messages, and notification rows written (a batch counted up again moves its row's time,
 * so a row written several times in the step counts once). Read from the app's own database, after the step.
 */
async function writtenSince(ctx: AppContext, since: Date): Promise<{ messages: number; notifications: number }> {
  const result = await ctx.db.execute(sql`select
    (select count(*)::int from ${chatMessages} where ${chatMessages.createdAt} >= ${since}) as messages,
    (select count(*)::int from ${notifications} where ${notifications.createdAt} >= ${since}) as notifications`);
  const [row] = (result as unknown as { rows: { messages: number; notifications: number }[] }).rows;
  return { messages: Number(row.messages), notifications: Number(row.notifications) };
}

function toRow(
  r: StepResult,
  m: {
    written: { messages: number; notifications: number };
    cpu: NodeJS.CpuUsage;
    ticks: { busy: number; total: number };
    postgresTicks: number | null;
    ms: number;
    rss: number;
    loopP99: number;
    loopBusy: number;
  },
): StepRow {
  const all = KINDS.flatMap((k) => r.samples[k]);
  const sum = (o: Record<Kind, number>) => KINDS.reduce((n, k) => n + o[k], 0);
  const errors = sum(r.errors);
  const timeouts = sum(r.timeouts);
  const overall = all.length ? stats(all) : stats([Infinity]);
  const now = machineTicks();
  return {
    users: r.users,
    actionsPerSecond: +((all.length + errors + timeouts) / r.seconds).toFixed(1),
    overall,
    kinds: Object.fromEntries(KINDS.map((k) => [k, r.samples[k].length ? stats(r.samples[k]) : null])) as Record<
      Kind,
      Stats | null
    >,
    errors,
    timeouts,
    connectErrors: r.connectErrors,
    savesDeferred: r.savesDeferred,
    serverCpuPercent: +(((m.cpu.user + m.cpu.system) / 1000 / m.ms) * 100).toFixed(1),
    postgresCpuPercent: m.postgresTicks === null ? null : +(((m.postgresTicks * 10) / m.ms) * 100).toFixed(1),
    machineCpuPercent: +(((now.busy - m.ticks.busy) / (now.total - m.ticks.total)) * 100).toFixed(1),
    serverRssMB: Math.round(m.rss / 2 ** 20),
    eventLoopDelayP99Ms: +m.loopP99.toFixed(1),
    loopBusyPercent: +(m.loopBusy * 100).toFixed(1),
    generatorCpuPercent: r.generatorCpuPercent,
    firstErrors: r.firstErrors,
    messagesPerSecond: +(m.written.messages / (m.ms / 1000)).toFixed(1),
    notificationsPerSecond: +(m.written.notifications / (m.ms / 1000)).toFixed(1),
    ok: overall.p95 < KNEE_P95_MS && errors + timeouts + r.connectErrors === 0,
  };
}

const unknown = DATABASES.filter((db) => !(db in SERIES_DATABASES));
if (unknown.length)
  throw new Error(`BENCH_DATABASES: unknown ${unknown.join(', ')} (${Object.keys(SERIES_DATABASES)})`);
const all: Series[] = [];
for (const db of DATABASES)
  for (const layout of LAYOUTS) all.push(await runSeries(SERIES_DATABASES[db].label, layout, SERIES_DATABASES[db].env));

const p95 = (s: Stats | null) => (s ? s.p95 : '–');
/**
 * What the knee step cost per action in CPU (the server, plus the database server's backends), and so how many
 * actions a second, and users at the mean think time, one core would carry for the instance and its database alone:
 * on this shared machine the knee is where the other work leaves too little CPU, this is what the code costs.
 */
const perCore = (s: Series) => {
  const r = s.steps.find((x) => x.users === s.knee) ?? s.steps[0];
  if (!r) return '';
  const server = (r.serverCpuPercent * 10) / r.actionsPerSecond;
  const database = r.postgresCpuPercent === null ? 0 : (r.postgresCpuPercent * 10) / r.actionsPerSecond;
  const actions = 1000 / (server + database);
  const thinkSeconds = (THINK_MS[0] + THINK_MS[1]) / 2000;
  return `CPU per action at ${r.users} users: ${server.toFixed(2)} ms in the server${r.postgresCpuPercent === null ? ' (PGlite included)' : `, ${database.toFixed(2)} ms in PostgreSQL`}; one core for the two alone would carry ~${Math.round(actions)} actions/s, ~${Math.round((actions * thinkSeconds) / 50) * 50} users at a mean think time of ${thinkSeconds} s.`;
};
const knee = (s: Series) =>
  s.knee === null
    ? `below ${STEPS[0]} users`
    : `${s.knee} users${s.stoppedAt ? ` (${s.stoppedAt} failed)` : ` (the largest step run passed)`}`;
/**
 * Whether a database's series carried its target: missed when a step at or below it failed (p95 ≥ 1 s, an error or a
 * timeout); not measured when every step run passed but none reached it (BENCH_MAX_USERS, BENCH_STEPS).
 */
const verdictOf = (database: string, users: number): 'not run' | 'met' | 'missed' | 'not measured' => {
  const series = all.filter((s) => s.database === database);
  if (!series.length) return 'not run';
  if (series.some((s) => s.stoppedAt !== null && s.stoppedAt <= users)) return 'missed';
  return series.every((s) => s.knee !== null && s.knee >= users) ? 'met' : 'not measured';
};
const target = (database: string, users: number) => {
  const verdict = verdictOf(database, users);
  if (verdict === 'not run') return `${database}: not run`;
  if (verdict === 'not measured') return `${database}: not measured up to ${users} users (BENCH_MAX_USERS)`;
  const series = all.filter((s) => s.database === database);
  return `${database}, ${users.toLocaleString('en')} users with p95 < 1 s and no error: ${verdict === 'met' ? 'met' : '**not met**'} (${series.map((s) => `members ${s.layout}: knee ${knee(s)}`).join('; ')})`;
};
/** The targets: 5,000 users on PostgreSQL, 1,000 on PGlite (in its thread, and on the loop when run). */
const loopLabel = SERIES_DATABASES['pglite-loop'].label;
const TARGETS: [database: string, users: number][] = [
  ['PostgreSQL', 5000],
  ['PGlite (embedded)', 1000],
  [loopLabel, 1000],
];
writeResults(
  'mixed-users',
  {
    steps: STEPS,
    stepSeconds: STEP_SECONDS,
    warmupSeconds: WARMUP_SECONDS,
    thinkMs: THINK_MS,
    timeoutMs: TIMEOUT_MS,
    roomSize: ROOM_SIZE,
    connectedPerRoomOffline: CONNECTED_PER_ROOM,
    sectors: SECTORS,
    series: all,
  },
  [
    `# Mixed users on one instance (${new Date().toISOString()})`,
    '',
    `${machine()}. Each virtual user (made in the database with a session and a token, not signed in by password) keeps`,
    `a STOMP connection open on its room and every ${THINK_MS[0] / 1000}–${THINK_MS[1] / 1000} s lists offers (25 %), opens its country's`,
    `${SECTORS}-sector offer (30 %), reads its notifications (20 %), sends a chat message (22 %, timed until it comes back on`,
    `the room's topic) or saves the offer from the revision it last saw (3 %; one save per offer at a time). Rooms of`,
    `${ROOM_SIZE}: members online, all ${ROOM_SIZE} connected; members offline, ${CONNECTED_PER_ROOM} connected and ${ROOM_SIZE - CONNECTED_PER_ROOM} away (each message stores`,
    `notifications for them). ${STEP_SECONDS} s measured per step after ${WARMUP_SECONDS} s of warm-up; the users run in a child process, the server`,
    'in the main one (server CPU: % of one core, PGlite included; PostgreSQL CPU: its backends for this database, % of',
    'one core; machine CPU: % of all cores, the generator and other work included; loop busy: % of the step the request',
    "loop, the main thread, was busy, PGlite's work included unless it has its own thread). A series stops at its knee:",
    `p95 ≥ 1 s, or any error or timeout (10 s). Every user arrives with a history: ${HISTORY_NOTIFICATIONS} notifications (${HISTORY_UNREAD} unread), and`,
    `each room with ${HISTORY_MESSAGES} earlier messages. On PostgreSQL the statistics are brought up to date (ANALYZE) after each`,
    "step's users, rooms and history are written in bulk, as autovacuum does in time where tables grow at a human pace.",
    '',
    ...all.flatMap((s) => [
      `## ${s.database}, members ${s.layout}: knee ${knee(s)}`,
      '',
      '| users | actions/s | p50 | p95 | p99 | p95 list | p95 open | p95 save | p95 notif. | p95 chat | errors | timeouts | server CPU % | PostgreSQL CPU % | machine CPU % | RSS MB | loop delay p99 | loop busy % | messages/s | notif. rows/s |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...s.steps.map(
        (r) =>
          `| ${r.users} | ${r.actionsPerSecond} | ${r.overall.p50} | ${r.overall.p95} | ${r.overall.p99} | ${KINDS.map((k) => p95(r.kinds[k])).join(' | ')} | ${r.errors + r.connectErrors} | ${r.timeouts} | ${r.serverCpuPercent} | ${r.postgresCpuPercent ?? '–'} | ${r.machineCpuPercent} | ${r.serverRssMB} | ${r.eventLoopDelayP99Ms} | ${r.loopBusyPercent ?? '–'} | ${r.messagesPerSecond} | ${r.notificationsPerSecond} |`,
      ),
      '',
      perCore(s),
      '',
    ]),
    // PGlite on the loop only when run; the others say when they were not.
    ...TARGETS.filter(([database]) => database !== loopLabel || DATABASES.includes('pglite-loop')).map(
      ([database, users]) => `- ${target(database, users)}.`,
    ),
  ],
);
// A missed target fails the run (and `npm run bench`): a regression shows as a failure, not only in the results.
const missed = TARGETS.filter(([database, users]) => verdictOf(database, users) === 'missed');
if (missed.length) console.error(`mixed users: target missed on ${missed.map(([database]) => database).join(', ')}`);
process.exit(missed.length ? 1 : 0);
