// A small load generator (autocannon is not a dependency): `connections` keep-alive HTTP/1.1 connections, each sending
// its next request as soon as the previous answer is read, for `seconds`; requests per second and latency percentiles.
// It runs in a worker thread, so that the server measured (in the main thread) has its event loop to itself.
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { stats, type Stats } from './lib.js';

export interface LoadResult extends Stats {
  perSecond: number;
  errors: number;
  connections: number;
  seconds: number;
  /** Bytes of the last answer's body. */
  bytes: number;
  /**
   * CPU time per request, in ms, of this process's threads other than the load generator's (the server's request loop,
   * PGlite's thread, libuv's pool): what the server spent, read from /proc, which the machine's other work moves less
   * than it moves latencies.
   */
  serverCpuMs: number;
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
  parentPort.postMessage({ started: true });
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

/** CPU ticks (user + system) used so far by each thread of this process, by thread id, from /proc. */
function threadTicks(): Map<string, number> {
  const ticks = new Map<string, number>();
  for (const tid of fs.readdirSync('/proc/self/task')) {
    try {
      const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(tid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The thread ended meanwhile.
    }
  }
  return ticks;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** GETs `target` from `connections` clients at once for `seconds` (an answer other than 200 counts as an error). */
export async function load(target: string, options: LoadOptions): Promise<LoadResult> {
  const { connections, seconds, headers = {}, warmup = 20 } = options;
  // The threads there before the generator's, counted from its timed part on (the warm-up is not counted).
  const server = threadTicks();
  let before = server;
  const worker = new Worker(WORKER, { eval: true, workerData: { target, connections, seconds, headers, warmup } });
  const { samples, elapsed, errors, bytes } = await new Promise<{
    samples: number[];
    elapsed: number;
    errors: number;
    bytes: number;
  }>((resolve, reject) => {
    worker.on('message', (m: { started?: true }) => {
      if (m.started) before = threadTicks();
      else resolve(m as never);
    });
    worker.once('error', reject);
  });
  const after = threadTicks();
  await worker.terminate();
  let ticks = 0;
  for (const [tid, start] of before) if (server.has(tid)) ticks += (after.get(tid) ?? start) - start;
  return {
    ...stats(samples),
    perSecond: Math.round(samples.length / elapsed),
    errors,
    connections,
    seconds,
    bytes,
    serverCpuMs: +(((ticks / TICKS_PER_SECOND) * 1000) / samples.length).toFixed(3),
  };
}
