// The request loop during a staff GATS import: BENCH_ROWS commitment rows (10,000 by default) imported in
// one transaction while two clients each call a route every 20 ms (one request at a time): GET /api/health (no
// database) and GET /api/ready (one query). Their latency during the import and the import's time, with PGlite in its
// own thread (PGLITE_WORKER, the default) and on the request loop, taking turns for BENCH_ROUNDS rounds.
// `npm run bench -- import-stall`; results in bench/results/import-stall.json and .md.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { importGats } from '../apps/server/src/modules/gats/importer.js';
import { syntheticGatsCsv } from './gats-data.js';
import { machine, startBenchApp, stats, writeResults, type Stats } from './lib.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Each client asks this often (a browser's polling, not a flood that would take the CPU from the import). */
const EVERY_MS = 20;
const SETTINGS = [
  { name: 'PGlite in its own thread', env: { PGLITE_WORKER: 'true' } },
  { name: 'PGlite on the request loop (PGLITE_WORKER=false)', env: { PGLITE_WORKER: 'false' } },
];
const ROUTES = ['/health', '/ready'] as const;

interface Run {
  setting: string;
  round: number;
  importSeconds: number;
  /** Each route's latency (ms) while the import ran, how many answers it got and how many were not 200. */
  during: Record<(typeof ROUTES)[number], Stats & { notOk: number }>;
}

const { csv } = await syntheticGatsCsv(ROWS);
const runs: Run[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  for (const setting of SETTINGS) {
    const t = await startBenchApp(setting.env);
    try {
      for (let i = 0; i < 50; i++) for (const route of ROUTES) await (await fetch(`${t.api}${route}`)).arrayBuffer();
      let importing = true;
      const caller = async (route: string) => {
        const samples: number[] = [];
        let notOk = 0;
        while (importing) {
          const t0 = performance.now();
          const res = await fetch(`${t.api}${route}`);
          await res.arrayBuffer();
          const ms = performance.now() - t0;
          samples.push(ms);
          if (res.status !== 200) notOk++;
          if (ms < EVERY_MS) await sleep(EVERY_MS - ms);
        }
        return { ...stats(samples), notOk };
      };
      const callers = ROUTES.map(caller);
      const t0 = performance.now();
      const report = await importGats({ db: t.ctx.db, fileName: 'bench.csv', data: csv });
      const importMs = performance.now() - t0;
      importing = false;
      const [health, ready] = await Promise.all(callers);
      if (!report.imported || report.inserted !== ROWS) throw new Error(`import failed: ${report.inserted} rows`);
      const run: Run = {
        setting: setting.name,
        round,
        importSeconds: +(importMs / 1000).toFixed(2),
        during: { '/health': health, '/ready': ready },
      };
      runs.push(run);
      console.log(JSON.stringify(run));
    } finally {
      await t.close();
    }
  }
}

const cell = (s: Stats & { notOk: number }) => `${s.n} | ${s.notOk} | ${s.p50} | ${s.p95} | ${s.max}`;
writeResults('import-stall', { rows: ROWS, rounds: ROUNDS, runs }, [
  `# The request loop during a GATS import (${new Date().toISOString()})`,
  '',
  `${machine()}. ${ROWS.toLocaleString('en')} rows imported in one transaction (importGats, as POST /gats/import does`,
  `after the upload) while two clients each call one route every ${EVERY_MS} ms: GET /api/health (no database) and`,
  'GET /api/ready (one query; 503 when the database does not answer within its time-out). Answers during the import:',
  'how many, how many not 200, p50, p95 and the longest, in ms.',
  '',
  '| setting | round | import s | /health answers | not 200 | p50 | p95 | max | /ready answers | not 200 | p50 | p95 | max |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...runs.map(
    (r) =>
      `| ${r.setting} | ${r.round} | ${r.importSeconds} | ${cell(r.during['/health'])} | ${cell(r.during['/ready'])} |`,
  ),
]);
process.exit(0);
