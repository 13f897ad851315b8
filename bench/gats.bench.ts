// GATS look-up and service-tree filter under load: 50,000 imported commitment rows, sequential requests over HTTP
// against the real app (embedded PGlite), p50/p95/p99 and the ratio to a trivial route measured in the same run.
// `npm run bench -- gats`; results in bench/results/gats.json and gats.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { importGats } from '../apps/server/src/modules/gats/importer.js';
import { userWithToken } from '../apps/server/test/factories.js';
import { syntheticGatsCsv } from './gats-data.js';
import { machine, startBenchApp, stats, writeResults, type Stats } from './lib.js';

const ROWS = 50_000;
const N = Number(process.env.BENCH_N ?? 400);
const WARMUP = 40;

const t = await startBenchApp();
const { api } = t;

const { csv, members, leaves, data } = await syntheticGatsCsv(ROWS);
let start = performance.now();
const report = await importGats({ db: t.ctx.db, fileName: 'bench.csv', data: csv });
const importMs = performance.now() - start;
if (!report.imported || report.inserted !== ROWS)
  throw new Error(`import failed: ${JSON.stringify(report).slice(0, 500)}`);
start = performance.now();
const again = await importGats({ db: t.ctx.db, fileName: 'bench.csv', data: csv });
const reimportMs = performance.now() - start;

const { token } = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT' });
const headers = { authorization: `Bearer ${token}`, timezone: 'Africa/Nairobi', 'content-type': 'application/json' };

const subsectors = data.w120.filter((r) => r.level === 2).map((r) => r.code);
const pick = <T>(list: T[], i: number) => list[(i * 7919) % list.length];

type Case = { name: string; request: (i: number) => Promise<Response> };
const cases: Case[] = [
  { name: 'GET /client-config (trivial route)', request: () => fetch(`${api}/client-config`, { headers }) },
  {
    name: 'POST /gats/filter, one subsector × 3 members',
    request: (i) =>
      fetch(`${api}/gats/filter`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          services: [pick(subsectors, i)],
          countries: [pick(members, i), pick(members, i + 1), pick(members, i + 2)],
        }),
      }),
  },
  {
    name: 'POST /gats/filter, one item, all members',
    request: (i) =>
      fetch(`${api}/gats/filter`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ services: [pick(leaves, i).code], countries: [] }),
      }),
  },
  {
    name: 'GET /arrays-filter (words or code)',
    request: (i) =>
      fetch(
        `${api}/arrays-filter?services=${encodeURIComponent(pick(['legal', 'transport', '8671', 'réassurance', '83107', 'services'], i))}`,
        { headers },
      ),
  },
];

const results: Record<string, Stats & { rows?: number }> = {};
for (const c of cases) {
  for (let i = 0; i < WARMUP; i++) await (await c.request(i)).arrayBuffer();
  const samples: number[] = [];
  let rows = 0;
  for (let i = 0; i < N; i++) {
    const t0 = performance.now();
    const res = await c.request(i);
    const body = await res.text();
    samples.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status} ${body.slice(0, 200)}`);
    if (c.name.includes('filter,')) rows += (JSON.parse(body).payload.excelData as unknown[]).length;
  }
  results[c.name] = { ...stats(samples), ...(rows ? { rows: Math.round(rows / N) } : {}) };
}
await t.close();

const trivial = results[cases[0].name].p95;
const out = {
  when: new Date().toISOString(),
  machine: `${machine()}, embedded PGlite, load average ${os.loadavg()[0].toFixed(1)} at the end (other work shares the machine)`,
  rows: ROWS,
  importSeconds: +(importMs / 1000).toFixed(1),
  reimportSeconds: +(reimportMs / 1000).toFixed(1),
  reimportInserted: again.inserted,
  requestsPerCase: N,
  results: Object.fromEntries(
    Object.entries(results).map(([k, v]) => [k, { ...v, p95RatioToTrivial: +(v.p95 / trivial).toFixed(1) }]),
  ),
  target: 'p95 < 50 ms for POST /gats/filter and GET /arrays-filter',
};
// Every run, one line each: on a shared machine one run says little, the spread says more.
fs.appendFileSync(path.join(REPO_ROOT, 'bench/results/gats-history.jsonl'), `${JSON.stringify(out)}\n`);
const md = [
  `# GATS benchmark (${out.when})`,
  '',
  `${out.machine}. ${ROWS} rows imported in ${out.importSeconds} s (one transaction); the same file again in ${out.reimportSeconds} s, ${again.inserted} added.`,
  `${N} sequential requests per case after ${WARMUP} warm-up requests. Times in ms, client side, including HTTP and JSON.`,
  '',
  '| case | rows/answer | p50 | p95 | p99 | max | p95 ÷ trivial |',
  '|---|---|---|---|---|---|---|',
  ...Object.entries(out.results).map(
    ([k, v]) => `| ${k} | ${v.rows ?? ''} | ${v.p50} | ${v.p95} | ${v.p99} | ${v.max} | ${v.p95RatioToTrivial} |`,
  ),
];
writeResults('gats', out, md);
const failing = Object.entries(results).filter(([k, v]) => !k.includes('trivial') && v.p95 >= 50);
if (failing.length) {
  console.error(`Above target: ${failing.map(([k]) => k).join('; ')}`);
  process.exit(1);
}
process.exit(0);
