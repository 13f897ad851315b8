// What request logging costs: the same calls against the real app (embedded PGlite) with LOG_LEVEL=silent
// and LOG_LEVEL=info, side by side and taking turns, 20 connections each. The info log is written as in production
// (pino's asynchronous destination, to /dev/null instead of standard output). Cases: the trivial route
// GET /api/health and a signed-in light call GET /api/profile/current.
// `npm run bench -- request-log`; results in bench/results/request-log.json and .md.
import { userWithToken } from '../apps/server/test/factories.js';
import { load, type LoadResult } from './load.js';
import { logDestination } from '../apps/server/src/lib/request-log.js';
import type { TestApp } from '../apps/server/test/harness.js';
import { machine, startBenchApp, writeResults } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const settings = ['silent', 'info'] as const;
const apps = await Promise.all(
  settings.map(async (level) => {
    const t = await startBenchApp(
      { LOG_LEVEL: level },
      level === 'silent' ? {} : { logStream: logDestination('/dev/null') },
    );
    const { token } = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    return { level, t, token };
  }),
);
const cases = [
  { name: 'GET /api/health (trivial route)', path: '/health', signedIn: false },
  { name: 'GET /api/profile/current (signed in)', path: '/profile/current', signedIn: true },
];
/** A run's rate and latency, and the CPU each request cost: the server's thread, and the whole process. */
interface Run extends LoadResult {
  serverUs: number;
  processUs: number;
}

const cpuUs = (u: NodeJS.CpuUsage) => u.user + u.system;

/**
 * CPU per request tells the cost apart on a shared machine where the rate moves by half from one run to the next:
 * the server's thread (its event loop, where the app runs) and the whole process (the load generator's worker and
 * the threads that write the log as well, the same work on both sides but for the log).
 */
async function measured(t: TestApp, url: string, headers: Record<string, string>): Promise<Run> {
  let requests = 0;
  const count = () => requests++;
  t.app.server.on('request', count);
  const [thread, whole] = [process.threadCpuUsage(), process.cpuUsage()];
  const result = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
  const [threadAfter, wholeAfter] = [process.threadCpuUsage(thread), process.cpuUsage(whole)];
  t.app.server.off('request', count);
  return {
    ...result,
    serverUs: +(cpuUs(threadAfter) / requests).toFixed(1),
    processUs: +(cpuUs(wholeAfter) / requests).toFixed(1),
  };
}

const runs = new Map<string, Run[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const c of cases) {
    for (const { level, t, token } of round % 2 ? [...apps].reverse() : apps) {
      const headers: Record<string, string> = c.signedIn ? { authorization: `Bearer ${token}` } : {};
      const result = await measured(t, `${t.api}${c.path}`, headers);
      runs.set(`${level}|${c.name}`, [...(runs.get(`${level}|${c.name}`) ?? []), result]);
    }
  }
}
for (const { t } of apps) await t.close();

const of = (level: string, name: string) => runs.get(`${level}|${name}`)!;
const best = (level: string, name: string) => of(level, name).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
const least = (level: string, name: string, key: 'serverUs' | 'processUs') =>
  Math.min(...of(level, name).map((r) => r[key]));
const pct = (info: number, silent: number) => +((info / silent - 1) * 100).toFixed(1);
const rows = cases.map((c) => {
  const silent = best('silent', c.name);
  const info = best('info', c.name);
  const cpu = (key: 'serverUs' | 'processUs') => ({
    silent: least('silent', c.name, key),
    info: least('info', c.name, key),
  });
  const server = cpu('serverUs');
  const whole = cpu('processUs');
  return {
    case: c.name,
    silent,
    info,
    cost: +((1 - info.perSecond / silent.perSecond) * 100).toFixed(1),
    server,
    process: whole,
    serverCost: pct(server.info, server.silent),
    processCost: pct(whole.info, whole.silent),
  };
});
writeResults('request-log', { seconds: SECONDS, connections: CONNECTIONS, rounds: ROUNDS, rows }, [
  `# What request logging costs (${new Date().toISOString()})`,
  '',
  `${machine()}, embedded PGlite. ${CONNECTIONS} keep-alive connections for ${SECONDS} s per run, LOG_LEVEL=silent and info taking turns, best of ${ROUNDS} rounds; the log goes to /dev/null through the destination production writes standard output with (pino's, asynchronous).`,
  '',
  "The cost of the log is read from the CPU each request took (least of the rounds): on the server's thread, and in the whole process (the load generator included, the same on both sides). The rates are shown too; on this shared machine they move more between two runs than the log costs.",
  '',
  '| case | server CPU µs/request silent / info | cost (server thread) | process CPU µs/request silent / info | cost (process) | req/s silent / info | p99 ms silent / info |',
  '| --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.case} | ${r.server.silent} / ${r.server.info} | **${r.serverCost} %** | ${r.process.silent} / ${r.process.info} | ${r.processCost} % | ${r.silent.perSecond} / ${r.info.perSecond} | ${r.silent.p99} / ${r.info.p99} |`,
  ),
]);
