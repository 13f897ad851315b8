// What every benchmark shares: the real app on a fresh embedded database, percentiles, and results files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, REPO_ROOT } from '../apps/server/src/config.js';
import type { TestApp } from '../apps/server/test/harness.js';
import { buildOfferDocument } from '../apps/server/test/offer-factory.js';

/** Starts the portal on a free port with a temporary data folder; `close` removes it. */
export async function startBenchApp(
  env: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_TOKEN_PER_MINUTE: '100000',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    // PGLITE_WORKER=false npm run bench -- …: the embedded database on the request loop, to compare.
    ...(process.env.PGLITE_WORKER ? { PGLITE_WORKER: process.env.PGLITE_WORKER } : {}),
    // PGLITE_SHARED_BUFFERS=128MB npm run bench -- …: PGlite's own buffer cache, to compare.
    ...(process.env.PGLITE_SHARED_BUFFERS ? { PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS } : {}),
    ...env,
  });
  const portal = await buildApp(config, options);
  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const close = async () => {
    await portal.app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const t = { ...portal, api, config, close } as TestApp;
  return t;
}

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Percentiles of samples in milliseconds. */
export function stats(samples: number[]): Stats {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
  return {
    n: s.length,
    p50: +q(50).toFixed(2),
    p95: +q(95).toFixed(2),
    p99: +q(99).toFixed(2),
    max: +s[s.length - 1].toFixed(2),
  };
}

/** Times `n` sequential runs of an async step after `warmup` untimed ones. */
export async function measure(
  step: (i: number) => Promise<void>,
  n: number,
  warmup = Math.ceil(n / 10),
): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await step(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await step(i);
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

export const machine = () => `${os.cpus().length} CPU (${os.cpus()[0]?.model ?? '?'}), Node ${process.version}`;

/**
 * Writes bench/results/<name>.json and <name>.md and prints the Markdown, with the machine's load average when the
 * figures were written (another job on a 2-core machine moves every figure).
 */
export function writeResults(name: string, data: object, markdown: string[]) {
  const dir = path.join(REPO_ROOT, 'bench/results');
  fs.mkdirSync(dir, { recursive: true });
  const loadAverage = os.loadavg().map((l) => +l.toFixed(2));
  fs.writeFileSync(
    path.join(dir, `${name}.json`),
    `${JSON.stringify({ when: new Date().toISOString(), machine: machine(), loadAverage, ...data }, null, 2)}\n`,
  );
  markdown = [...markdown, '', `${machine()}; load average (1, 5, 15 min) ${loadAverage.join(', ')}.`];
  fs.writeFileSync(path.join(dir, `${name}.md`), `${markdown.join('\n')}\n`);
  console.log(markdown.join('\n'));
}

/** An offer of `sectors` sectors with the limitations a real schedule writes in each (the benchmarks' offer). */
export function benchOfferDocument(sectors: number) {
  const doc = buildOfferDocument(sectors);
  doc.sectors.forEach((s, i) => {
    s.sectorCommitement.limitationsMA.commercialPresence.value = `Foreign equity limited to 49 per cent; joint venture with a national partner required (sector ${i}).`;
    s.sectorCommitement.limitationsOnNationalTreatment.presenceOfNaturalPersons.value =
      'Unbound except as indicated in the horizontal section';
  });
  return doc;
}
