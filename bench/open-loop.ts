// An open-loop load generator: requests leave at a fixed rate whatever the answers do (bench/load.ts keeps a fixed
// number of connections busy instead, which finds saturation; this one measures a server below it). Each request's
// latency counts from the moment it was due, so a stalled server shows in the percentiles rather than slowing the
// generator down. Like bench/load.ts it runs in a worker thread of the calling process.
import { Worker } from 'node:worker_threads';
import { stats, type Stats } from './lib.js';

export interface RateTarget {
  url: string;
  headers?: Record<string, string>;
}

export interface RateResult extends Stats {
  /** Requests answered (whatever the status) and those answered other than 200 or not at all. */
  answered: number;
  errors: number;
  /** The rate asked for and the rate achieved (answers per second of the run). */
  ratePerSecond: number;
  perSecond: number;
  seconds: number;
}

// Plain JavaScript: a worker started from source text needs no TypeScript loader.
const WORKER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData } = require('node:worker_threads');
const { targets, ratePerSecond, seconds, sockets } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
const parsed = targets.map((t) => ({ url: new URL(t.url), headers: t.headers || {} }));
const get = (target) => new Promise((resolve) => {
  const req = http.get(target.url, { agent, headers: target.headers }, (res) => {
    res.on('data', () => {});
    res.on('end', () => resolve(res.statusCode));
    res.on('error', () => resolve(0));
  });
  req.on('error', () => resolve(0));
});
(async () => {
  const total = Math.round(ratePerSecond * seconds);
  const interval = 1000 / ratePerSecond;
  const samples = [];
  let errors = 0;
  const inFlight = [];
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(get(parsed[i % parsed.length]).then((status) => {
      samples.push(performance.now() - due);
      if (status !== 200) errors++;
    }));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  parentPort.postMessage({ samples, errors, elapsed });
})();
`;

/**
 * Sends `ratePerSecond` GETs a second for `seconds`, taking the targets in turn (round robin), over at most `sockets`
 * keep-alive connections; resolves once every request has been answered.
 */
export async function loadAtRate(
  targets: RateTarget[],
  options: { ratePerSecond: number; seconds: number; sockets?: number },
): Promise<RateResult> {
  const { ratePerSecond, seconds, sockets = 64 } = options;
  const worker = new Worker(WORKER, { eval: true, workerData: { targets, ratePerSecond, seconds, sockets } });
  const { samples, errors, elapsed } = await new Promise<{ samples: number[]; errors: number; elapsed: number }>(
    (resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    },
  );
  await worker.terminate();
  return {
    ...stats(samples),
    answered: samples.length,
    errors,
    ratePerSecond,
    perSecond: Math.round(samples.length / elapsed),
    seconds,
  };
}
