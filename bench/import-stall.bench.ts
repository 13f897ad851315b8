// The request loop during a staff GATS import (issue 16): BENCH_ROWS commitment rows (10,000 by default) imported in
// one transaction while two clients each call a route one request at a time: GET /api/health (no database) and
// GET /api/ready (one query). Their latency during the import, the import's time and the event loop's delay, with
// PGlite in its own thread (PGLITE_WORKER, the default) and on the request loop, taking turns for BENCH_ROUNDS rounds.
// `npm run bench -- import-stall`; results in bench/results/import-stall.json and .md.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { importGats } from '../apps/server/src/modules/gats/importer.js';
import { syntheticGatsCsv } from './gats-data.js';
import { machine, startBenchApp, stats, writeResults, type Stats } from './lib.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SETTINGS = [
  { name: 'PGlite in its own thread', env: { PGLITE_WORKER: 'true' } },
  { name: 'PGlite on the request loop (PGLITE_WORKER=false)', env: { PGLITE_WORKER: 'false' } },
];
const ROUTES = ['/health', '/ready'] as const;

interface Run {
  setting: string;
  round: number;
  importSeconds: number;
  /** Each route's latency (ms) while the import ran, and how many answers it got. */
  during: Record<(typeof ROUTES)[number], Stats>;
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
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
        while (importing) {
          const t0 = performance.now();
          const res = await fetch(`${t.api}${route}`);
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${route}: ${res.status}`);
          samples.push(performance.now() - t0);
        }
        return stats(samples);
      };
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const callers = ROUTES.map(caller);
      const t0 = performance.now();
      const report = await importGats({ db: t.ctx.db, fileName: 'bench.csv', data: csv });
      const importMs = performance.now() - t0;
      importing = false;
      const [health, ready] = await Promise.all(callers);
      loop.disable();
      if (!report.imported || report.inserted !== ROWS) throw new Error(`import failed: ${report.inserted} rows`);
      const run: Run = {
        setting: setting.name,
        round,
        importSeconds: +(importMs / 1000).toFixed(2),
        during: { '/health': health, '/ready': ready },
        loopDelayP99Ms: +(loop.percentile(99) / 1e6).toFixed(1),
        loopDelayMaxMs: +(loop.max / 1e6).toFixed(1),
      };
      runs.push(run);
      console.log(JSON.stringify(run));
    } finally {
      await t.close();
    }
  }
}

const cell = (s: Stats) => `${s.n} | ${s.p50} | ${s.p95} | ${s.max}`;
writeResults('import-stall', { rows: ROWS, rounds: ROUNDS, runs }, [
  `# The request loop during a GATS import (${new Date().toISOString()})`,
  '',
  `${machine()}. ${ROWS.toLocaleString('en')} rows imported in one transaction (importGats, as POST /gats/import does`,
  'after the upload) while two clients each call one route, one request at a time: GET /api/health (no database) and',
  'GET /api/ready (one query). Answers during the import: how many, p50, p95 and the longest, in ms.',
  '',
  '| setting | round | import s | /health answers | p50 | p95 | max | /ready answers | p50 | p95 | max | loop delay p99 | loop delay max |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...runs.map(
    (r) =>
      `| ${r.setting} | ${r.round} | ${r.importSeconds} | ${cell(r.during['/health'])} | ${cell(r.during['/ready'])} | ${r.loopDelayP99Ms} | ${r.loopDelayMaxMs} |`,
  ),
]);
process.exit(0);
