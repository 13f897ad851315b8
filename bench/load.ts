// A small load generator (autocannon is not a dependency): `connections` keep-alive HTTP/1.1 connections, each sending
// its next request as soon as the previous answer is read, for `seconds`; requests per second and latency percentiles.
// It runs in a worker thread, so that the server measured (in the main thread) has its event loop to itself.
import { Worker } from 'node:worker_threads';
import { stats, type Stats } from './lib.js';

export interface LoadResult extends Stats {
  perSecond: number;
  errors: number;
  connections: number;
  seconds: number;
  /** Bytes of the last answer's body. */
  bytes: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** Untimed requests per connection first (JIT, caches, connections opened). */
  warmup?: number;
}

// Plain JavaScript: a worker started from source text needs no TypeScript loader.
const WORKER = `
const http = require('node:http');
const { performance } = require('node:perf_hooks');
const { parentPort, workerData } = require('node:worker_threads');
const { target, connections, seconds, headers, warmup } = workerData;
const url = new URL(target);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const get = () => new Promise((resolve, reject) => {
  const req = http.get(url, { agent, headers }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => (bytes += chunk.length));
    res.on('end', () => resolve({ status: res.statusCode, bytes }));
    res.on('error', reject);
  });
  req.on('error', reject);
});
(async () => {
  await Promise.all(Array.from({ length: connections }, async () => { for (let i = 0; i < warmup; i++) await get(); }));
  let errors = 0, bytes = 0;
  const samples = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(Array.from({ length: connections }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await get();
        bytes = res.bytes;
        if (res.status !== 200) errors++;
      } catch { errors++; }
      samples.push(performance.now() - t0);
    }
  }));
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  parentPort.postMessage({ samples, elapsed, errors, bytes });
})();
`;

/** GETs `target` from `connections` clients at once for `seconds` (an answer other than 200 counts as an error). */
export async function load(target: string, options: LoadOptions): Promise<LoadResult> {
  const { connections, seconds, headers = {}, warmup = 20 } = options;
  const worker = new Worker(WORKER, { eval: true, workerData: { target, connections, seconds, headers, warmup } });
  const { samples, elapsed, errors, bytes } = await new Promise<{
    samples: number[];
    elapsed: number;
    errors: number;
    bytes: number;
  }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  return { ...stats(samples), perSecond: Math.round(samples.length / elapsed), errors, connections, seconds, bytes };
}
