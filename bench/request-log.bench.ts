// What request logging costs (issue 16): the same calls against the real app (embedded PGlite) with LOG_LEVEL=silent
// and LOG_LEVEL=info, side by side and taking turns, 20 connections each. The info log is written as in production
// (written synchronously, to /dev/null instead of standard output). Cases: the trivial route
// GET /api/health and a signed-in light call GET /api/profile/current.
// `npm run bench -- request-log`; results in bench/results/request-log.json and .md.
import fs from 'node:fs';
import { userWithToken } from '../apps/server/test/factories.js';
import { load, type LoadResult } from './load.js';
import { machine, startBenchApp, writeResults } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

/** Written synchronously, as pino writes to standard output by default. */
function devNull(): NodeJS.WritableStream {
  const fd = fs.openSync('/dev/null', 'w');
  return { write: (line: string) => (fs.writeSync(fd, line), true) } as unknown as NodeJS.WritableStream;
}

const settings = ['silent', 'info'] as const;
const apps = await Promise.all(
  settings.map(async (level) => {
    const t = await startBenchApp({ LOG_LEVEL: level }, level === 'silent' ? {} : { logStream: devNull() });
    const { token } = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    return { level, t, token };
  }),
);
const cases = [
  { name: 'GET /api/health (trivial route)', path: '/health', signedIn: false },
  { name: 'GET /api/profile/current (signed in)', path: '/profile/current', signedIn: true },
];
const runs = new Map<string, LoadResult[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    for (const { level, t, token } of round % 2 ? [...apps].reverse() : apps) {
      const headers: Record<string, string> = c.signedIn ? { authorization: `Bearer ${token}` } : {};
      const result = await load(`${t.api}${c.path}`, { connections: CONNECTIONS, seconds: SECONDS, headers });
      runs.set(`${level}|${c.name}`, [...(runs.get(`${level}|${c.name}`) ?? []), result]);
    }
  }
}
for (const { t } of apps) await t.close();

const best = (level: string, name: string) =>
  runs.get(`${level}|${name}`)!.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
const rows = cases.map((c) => {
  const silent = best('silent', c.name);
  const info = best('info', c.name);
  return { case: c.name, silent, info, cost: +((1 - info.perSecond / silent.perSecond) * 100).toFixed(1) };
});
writeResults('request-log', { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, rows }, [
  `# What request logging costs (${new Date().toISOString()})`,
  '',
  `${machine()}, embedded PGlite. ${CONNECTIONS} keep-alive connections for ${SECONDS} s per run, LOG_LEVEL=silent and info taking turns, best of ${ROUNDS} rounds; the log is written synchronously to /dev/null (as pino writes to standard output in production).`,
  '',
  '| case | silent req/s | info req/s | cost of the log | p99 ms silent / info |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.case} | ${r.silent.perSecond} | ${r.info.perSecond} | ${r.cost} % | ${r.silent.p99} / ${r.info.p99} |`,
  ),
]);
