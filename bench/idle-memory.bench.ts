// The server's resident memory idle after a start with the demo data, as production runs it (the compiled server
// under node, apps/server/dist/main.js): on the embedded PGlite in its thread (the default), with PGlite's own buffer
// cache (PGLITE_SHARED_BUFFERS=128MB), PGlite on the request loop, and on a PostgreSQL server (whose backends'
// memory is counted apart). Each set-up starts once on an empty data folder (migrations, demo data), stops, and starts
// again on it: a running service is one that restarted on its data. The resident size is then read every 5 s while
// nothing is asked of it.
// `npm run bench -- idle-memory` (PostgreSQL: TEST_DATABASE_URL or the local server; BENCH_PG=off skips it);
// results in bench/results/idle-memory.json and .md.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { scratchDatabase } from '../apps/server/test/scratch-database.js';
import { machine, writeResults } from './lib.js';
import { buildServer, startServer } from './processes.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 30);
const EVERY_SECONDS = 5;

interface Run {
  setUp: string;
  /** Resident MiB of the server process right after it answers /api/ready, then every 5 s. */
  rssMiB: number[];
  /** The largest resident size the process reached (VmHWM), MiB. */
  peakMiB: number;
  /** PostgreSQL's backends for the database at ready: resident and proportional (shared memory shared out) MiB. */
  postgres?: { backends: number; rssMiB: number; pssMiB: number };
}

/** A field of /proc/<pid>/status or smaps_rollup, in MiB. */
function procMiB(pid: number, file: 'status' | 'smaps_rollup', field: string): number {
  try {
    const text = fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
    const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
    return +(kb / 1024).toFixed(1);
  } catch {
    return NaN;
  }
}

async function postgresMemory(url: string): Promise<Run['postgres']> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const database = new URL(url).pathname.slice(1);
  const { rows } = await client.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  await client.end();
  const sum = (field: string, file: 'status' | 'smaps_rollup') =>
    +rows.reduce((n, r) => n + procMiB(r.pid, file, field), 0).toFixed(1);
  return { backends: rows.length, rssMiB: sum('VmRSS', 'status'), pssMiB: sum('Pss', 'smaps_rollup') };
}

async function measure(setUp: string, env: Record<string, string>, postgresUrl?: string): Promise<Run> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-idle-'));
  const all = {
    NODE_ENV: 'production',
    SHUTDOWN_DRAIN_SECONDS: '0',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'true',
    ...env,
  };
  const logFile = path.join(work, 'server.log');
  try {
    await (await startServer({ core: 0, env: all, logFile })).stop();
    const server = await startServer({ core: 0, env: all, logFile });
    const rssMiB = [procMiB(server.pid, 'status', 'VmRSS')];
    // At ready, while the pool still holds the connections of the start (it closes idle ones after 10 s).
    const postgres = postgresUrl ? await postgresMemory(postgresUrl) : undefined;
    for (let s = EVERY_SECONDS; s <= IDLE_SECONDS; s += EVERY_SECONDS) {
      await sleep(EVERY_SECONDS * 1000);
      rssMiB.push(procMiB(server.pid, 'status', 'VmRSS'));
    }
    const run: Run = { setUp, rssMiB, peakMiB: procMiB(server.pid, 'status', 'VmHWM'), postgres };
    await server.stop();
    return run;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

buildServer();
const runs: Run[] = [
  await measure('PGlite in its thread (the default: 32MB buffer cache)', {}),
  await measure("PGlite in its thread, PGlite's own 128MB buffer cache", { PGLITE_SHARED_BUFFERS: '128MB' }),
  await measure('PGlite on the request loop (PGLITE_WORKER=false)', { PGLITE_WORKER: 'false' }),
];
if (process.env.BENCH_PG !== 'off') {
  const database = await scratchDatabase('portal_bench');
  try {
    runs.push(await measure('PostgreSQL server', { DATABASE_URL: database.url }, database.url));
  } finally {
    await database.drop();
  }
}

const last = (r: Run) => r.rssMiB[r.rssMiB.length - 1]!;
writeResults('idle-memory', { idleSeconds: IDLE_SECONDS, everySeconds: EVERY_SECONDS, runs }, [
  `# Idle memory after a start with the demo data (${new Date().toISOString()})`,
  '',
  `${machine()}. The compiled server (node --max-semi-space-size=32 apps/server/dist/main.js, NODE_ENV=production),`,
  'started on an empty data folder with the demo data, stopped, started again on it; its resident size (VmRSS) when',
  `/api/ready answers and every ${EVERY_SECONDS} s for ${IDLE_SECONDS} s with no request. PostgreSQL's backends for the portal's database, at`,
  'ready (the pool closes idle connections after 10 s), are apart: resident, and proportional (PSS: the shared memory',
  "shared out between the processes mapping it); the PostgreSQL server's own processes are not counted.",
  '',
  `| set-up | RSS at ready, MiB | RSS after ${IDLE_SECONDS} s idle, MiB | peak RSS, MiB | PostgreSQL backends: RSS / PSS MiB |`,
  '|---|---|---|---|---|',
  ...runs.map(
    (r) =>
      `| ${r.setUp} | ${r.rssMiB[0]} | ${last(r)} | ${r.peakMiB} | ${r.postgres ? `${r.postgres.backends}: ${r.postgres.rssMiB} / ${r.postgres.pssMiB}` : '–'} |`,
  ),
]);
process.exit(0);
