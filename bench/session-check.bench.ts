// The signed-in check: light signed-in calls over HTTP against the real app (embedded PGlite), with the
// session cache off (SESSION_CACHE_SECONDS=0: the session, account and country read on every call) and at its
// default, against the trivial route /api/health measured in the same run as the baseline. Two signed-in calls:
// GET /api/profile/current (the check, then one query for the profile) and GET /api/profile/check/offer/access as
// the secretariat (nothing but the check). Requests per second with a few clients at once, and the latency of
// calls made one at a time. `npm run bench -- session-check`; results in bench/results/session-check.json and .md.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { userWithToken } from '../apps/server/test/factories.js';
import type { TestApp } from '../apps/server/test/harness.js';
import { machine, measure, startBenchApp, writeResults, type Stats } from './lib.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const N = Number(process.env.BENCH_N ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Case {
  name: string;
  path: string;
  token?: string;
}

/** Calls made back to back by CLIENTS clients for SECONDS seconds: completed calls per second. */
async function throughput(t: TestApp, c: Case): Promise<number> {
  const headers: Record<string, string> = c.token ? { authorization: `Bearer ${c.token}` } : {};
  const call = async () => {
    const res = await fetch(`${t.api}${c.path}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${c.path}: ${res.status}`);
  };
  for (let i = 0; i < 50; i++) await call();
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        await call();
        done++;
      }
    }),
  );
  return +(done / ((performance.now() - start) / 1000)).toFixed(0);
}

async function latency(t: TestApp, c: Case): Promise<Stats> {
  const headers: Record<string, string> = c.token ? { authorization: `Bearer ${c.token}` } : {};
  return measure(async () => {
    const res = await fetch(`${t.api}${c.path}`, { headers });
    await res.arrayBuffer();
  }, N);
}

interface Row {
  setting: string;
  route: string;
  /** The median of the rounds' rates. */
  perSecond: number;
  rounds: number[];
  latency: Stats;
}

// Both settings run side by side and take turns, round after round, so that a change in the machine's load (it is
// shared) weighs on both alike; each row keeps the median of its rounds.
const settings = [
  ['SESSION_CACHE_SECONDS=0 (off)', '0'],
  ['SESSION_CACHE_SECONDS=30 (default)', '30'],
] as const;
const apps = await Promise.all(
  settings.map(async ([setting, cacheSeconds]) => {
    const t = await startBenchApp({ SESSION_CACHE_SECONDS: cacheSeconds });
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
    const staff = await userWithToken(t, { role: 'ADMIN', country: null });
    const cases: Case[] = [
      { name: 'GET /api/health (trivial route, baseline)', path: '/health' },
      { name: 'GET /api/profile/current (signed in)', path: '/profile/current', token: focal.token },
      {
        name: 'GET /api/profile/check/offer/access (signed in, no query of its own)',
        path: '/profile/check/offer/access',
        token: staff.token,
      },
    ];
    return { setting, t, cases };
  }),
);
const rates = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (let i = 0; i < apps[0].cases.length; i++) {
    for (const { setting, t, cases } of round % 2 ? [...apps].reverse() : apps) {
      const key = `${setting}|${cases[i].name}`;
      rates.set(key, [...(rates.get(key) ?? []), await throughput(t, cases[i])]);
    }
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows: Row[] = [];
for (const { setting, t, cases } of apps) {
  for (const c of cases) {
    const rounds = rates.get(`${setting}|${c.name}`)!;
    rows.push({ setting, route: c.name, perSecond: median(rounds), rounds, latency: await latency(t, c) });
  }
}
for (const { t } of apps) await t.close();

const find = (setting: string, route: string) =>
  rows.find((r) => r.setting.startsWith(setting) && r.route.includes(route))!;
const gain = (route: string) =>
  +(find('SESSION_CACHE_SECONDS=30', route).perSecond / find('SESSION_CACHE_SECONDS=0', route).perSecond).toFixed(2);
const ofBaseline = (setting: string, route: string) =>
  `${((find(setting, route).perSecond / find(setting, '/health').perSecond) * 100).toFixed(0)}%`;

writeResults('session-check', { seconds: SECONDS, clients: CLIENTS, rounds: ROUNDS, sequentialCalls: N, rows }, [
  `# The signed-in check with and without its session cache (${machine()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')})`,
  '',
  `Embedded PGlite; both settings side by side, taking turns. Requests/s: ${CLIENTS} clients for ${SECONDS} s, median of ${ROUNDS} rounds (each round's figure in brackets); latency: ${N} calls one at a time.`,
  '',
  '| setting | route | requests/s (rounds) | p50 ms | p95 ms | p99 ms |',
  '| --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.setting} | ${r.route} | ${r.perSecond} (${r.rounds.join(', ')}) | ${r.latency.p50} | ${r.latency.p95} | ${r.latency.p99} |`,
  ),
  '',
  `Cache on / off, requests/s: /profile/current **${gain('/profile/current')}×**, /profile/check/offer/access **${gain('/check/offer/access')}×**.`,
  `Share of the trivial route's rate: /profile/current ${ofBaseline('SESSION_CACHE_SECONDS=0', '/profile/current')} off, ${ofBaseline('SESSION_CACHE_SECONDS=30', '/profile/current')} on; ` +
    `/profile/check/offer/access ${ofBaseline('SESSION_CACHE_SECONDS=0', '/check/offer/access')} off, ${ofBaseline('SESSION_CACHE_SECONDS=30', '/check/offer/access')} on.`,
]);
