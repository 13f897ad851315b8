// Throughput and latency under load, against two baselines measured in the same run, on the embedded PGlite
// and on a PostgreSQL server: GET /api/offers/:id of a 50-sector offer (answers kept in memory, and with
// OFFER_CACHE_SECONDS=0 as before) against a bare Fastify route sending the same JSON's bytes from memory, and the
// signed-in light call GET /api/profile/current against the app's trivial route GET /api/health. Signed in, 20
// keep-alive connections for 10 s each (no Accept-Encoding: nothing compressed on either side; two rows of the offer
// as a browser asks for it, brotli, with and without the cache), then p99 at 100 connections; last, a 150-sector
// offer at 100 connections, plain and brotli, against the bare server sending the same bytes and brotli bytes.
// The load generator runs in a worker thread (bench/load.ts), the servers in the main thread.
// `npm run bench -- throughput` (PostgreSQL: TEST_DATABASE_URL or the local server; BENCH_PG=off skips it);
// results in bench/results/throughput.json and .md.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { userWithToken } from '../apps/server/test/factories.js';
import { OfferCache } from '../apps/server/src/modules/offers/cache.js';
import { load, type LoadResult } from './load.js';
import { benchOfferDocument, machine, startBenchApp, writeResults } from './lib.js';
import { scratchDatabase } from '../apps/server/test/scratch-database.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HIGH = Number(process.env.BENCH_HIGH_CONNECTIONS ?? 100);
const SECTORS = 50;
/** The largest schedules: their answer at 100 connections has a target of its own (p99 ≤ 250 ms on PGlite). */
const LARGE = 150;
const LARGE_P99_MS = 250;
const brotli = promisify(zlib.brotliCompress);

interface DatabaseRun {
  database: string;
  bytes: number;
  largeBytes: { json: number; brotli: number };
  rows: Record<string, LoadResult>;
  ratios: { offer: number; offerUncached: number; signedIn: number };
}

async function measureOn(database: string, env: Record<string, string>): Promise<DatabaseRun> {
  const t = await startBenchApp(env);
  const { token } = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
  const headers = { authorization: `Bearer ${token}` };
  const create = async (sectors: number, auth: Record<string, string>) => {
    const created = await fetch(`${t.api}/offers`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify(benchOfferDocument(sectors)),
    });
    const url = `${t.api}/offers/${((await created.json()) as { payload: { id: string } }).payload.id}`;
    return { url, json: await (await fetch(url, { headers: { ...auth, 'accept-encoding': 'identity' } })).text() };
  };
  const { url: offerUrl, json } = await create(SECTORS, headers);
  // One offer per country: the large one is another country's, read by its own focal point.
  const other = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'GH' });
  const largeHeaders = { authorization: `Bearer ${other.token}` };
  const { url: large, json: largeJson } = await create(LARGE, largeHeaders);
  // The brotli copy at the quality the server keeps (lib/kept-answer.ts).
  const largeBrotli = await brotli(largeJson, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });

  // The first baseline: the same answer from memory on a bare Fastify server, in this process too.
  const bare = Fastify();
  // As bytes, as the app sends a kept answer (lib/kept-answer.ts): a string is encoded again on every write.
  const jsonBytes = Buffer.from(json);
  bare.get('/offer', (_req, reply) => reply.type('application/json; charset=utf-8').send(jsonBytes));
  const largeBytes = Buffer.from(largeJson);
  bare.get('/large', (_req, reply) => reply.type('application/json; charset=utf-8').send(largeBytes));
  bare.get('/large.br', (_req, reply) =>
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(largeBrotli),
  );
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  const bareBase = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const bareUrl = `${bareBase}/offer`;

  const run = (url: string, connections = CONNECTIONS, signedIn = true, extra: Record<string, string> = {}) =>
    load(url, { connections, seconds: SECONDS, headers: { ...(signedIn ? headers : {}), ...extra } });
  const br = { 'accept-encoding': 'gzip, deflate, br' };
  const rows: Record<string, LoadResult> = {};
  rows[`bare Fastify, the same JSON's bytes from memory (baseline)`] = await run(bareUrl, CONNECTIONS, false);
  rows[`GET /api/offers/:id (${SECTORS} sectors)`] = await run(offerUrl);
  const kept = t.ctx.offerCache;
  t.ctx.offerCache = new OfferCache(0);
  rows[`GET /api/offers/:id (${SECTORS} sectors), OFFER_CACHE_SECONDS=0`] = await run(offerUrl);
  rows[`GET /api/offers/:id (${SECTORS} sectors), OFFER_CACHE_SECONDS=0, as a browser asks (brotli)`] = await run(
    offerUrl,
    CONNECTIONS,
    true,
    br,
  );
  t.ctx.offerCache = kept;
  rows[`GET /api/offers/:id (${SECTORS} sectors), as a browser asks (brotli)`] = await run(
    offerUrl,
    CONNECTIONS,
    true,
    br,
  );
  rows['GET /api/health (trivial route, baseline)'] = await run(`${t.api}/health`, CONNECTIONS, false);
  rows['GET /api/profile/current (signed in)'] = await run(`${t.api}/profile/current`);
  rows[`GET /api/offers/:id (${SECTORS} sectors), ${HIGH} connections`] = await run(offerUrl, HIGH);
  rows[`GET /api/profile/current (signed in), ${HIGH} connections`] = await run(`${t.api}/profile/current`, HIGH);
  const runLarge = (url: string, signedIn: boolean, extra: Record<string, string> = {}) =>
    load(url, { connections: HIGH, seconds: SECONDS, headers: { ...(signedIn ? largeHeaders : {}), ...extra } });
  rows[`bare Fastify, the ${LARGE}-sector JSON's bytes from memory, ${HIGH} connections (baseline)`] = await runLarge(
    `${bareBase}/large`,
    false,
  );
  rows[`GET /api/offers/:id (${LARGE} sectors), ${HIGH} connections`] = await runLarge(large, true);
  rows[`bare Fastify, the same ${LARGE}-sector brotli bytes from memory, ${HIGH} connections (baseline)`] =
    await runLarge(`${bareBase}/large.br`, false, br);
  rows[`GET /api/offers/:id (${LARGE} sectors), ${HIGH} connections, as a browser asks (brotli)`] = await runLarge(
    large,
    true,
    br,
  );
  await bare.close();
  await t.close();

  const rate = (prefix: string) => Object.entries(rows).find(([k]) => k === prefix)![1].perSecond;
  const bareRate = rate("bare Fastify, the same JSON's bytes from memory (baseline)");
  const pct = (a: number, b: number) => +((a / b) * 100).toFixed(1);
  return {
    database,
    bytes: Buffer.byteLength(json),
    largeBytes: { json: Buffer.byteLength(largeJson), brotli: largeBrotli.length },
    rows,
    ratios: {
      offer: pct(rate(`GET /api/offers/:id (${SECTORS} sectors)`), bareRate),
      offerUncached: pct(rate(`GET /api/offers/:id (${SECTORS} sectors), OFFER_CACHE_SECONDS=0`), bareRate),
      signedIn: pct(rate('GET /api/profile/current (signed in)'), rate('GET /api/health (trivial route, baseline)')),
    },
  };
}

const runs: DatabaseRun[] = [await measureOn('PGlite (embedded)', {})];
if (process.env.BENCH_PG !== 'off') {
  const database = await scratchDatabase('portal_bench');
  try {
    runs.push(await measureOn('PostgreSQL', { DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');
const p99 = (r: DatabaseRun, row: string) => r.rows[row]!.p99;
const offerHigh = `GET /api/offers/:id (${SECTORS} sectors), ${HIGH} connections`;
const profileHigh = `GET /api/profile/current (signed in), ${HIGH} connections`;
const largePlain = `GET /api/offers/:id (${LARGE} sectors), ${HIGH} connections`;
const largeBrotli = `${largePlain}, as a browser asks (brotli)`;
const largeBare = `bare Fastify, the ${LARGE}-sector JSON's bytes from memory, ${HIGH} connections (baseline)`;
const largeBareBrotli = `bare Fastify, the same ${LARGE}-sector brotli bytes from memory, ${HIGH} connections (baseline)`;
const largeMet = (r: DatabaseRun) => p99(r, largeBrotli) <= LARGE_P99_MS && p99(r, largePlain) <= LARGE_P99_MS;
writeResults(
  'throughput',
  { seconds: SECONDS, connections: CONNECTIONS, highConnections: HIGH, sectors: SECTORS, largeSectors: LARGE, runs },
  [
    `# Throughput against baselines in the same run (${new Date().toISOString()})`,
    '',
    `${machine()}. Signed in (a service focal point of the offer's country), ${CONNECTIONS} keep-alive connections for ${SECONDS} s per row (${HIGH} for the rows that say so), no Accept-Encoding except in the rows that say brotli (the bytes on the wire: ~10 % of the JSON). The servers share the process (and the 2 cores) with a load generator in a worker thread; other work ran on the machine meanwhile. Server CPU: the CPU time of the process's threads other than the load generator's, per request (read from /proc; the machine's other work moves it far less than the latencies).`,
    '',
    ...runs.flatMap((r) => [
      `## ${r.database} — a ${SECTORS}-sector offer of ${Math.round(r.bytes / 1024)} KiB`,
      '',
      '| case | requests/s | p50 ms | p99 ms | max ms | errors | server CPU ms/request |',
      '| --- | --- | --- | --- | --- | --- | --- |',
      ...Object.entries(r.rows).map(
        ([k, v]) => `| ${k} | ${v.perSecond} | ${v.p50} | ${v.p99} | ${v.max} | ${v.errors} | ${v.serverCpuMs} |`,
      ),
      '',
      `- Offer load ÷ bare Fastify: **${r.ratios.offer} %** (target ≥ 30 %: ${verdict(r.ratios.offer >= 30)}); without the offer cache ${r.ratios.offerUncached} %.`,
      `- /profile/current ÷ trivial route: **${r.ratios.signedIn} %** (target ≥ 30 %: ${verdict(r.ratios.signedIn >= 30)}).`,
      `- p99 at ${HIGH} connections: offer ${p99(r, offerHigh)} ms, /profile/current ${p99(r, profileHigh)} ms (target < 500 ms: ${verdict(p99(r, offerHigh) < 500 && p99(r, profileHigh) < 500)}).`,
      `- A ${LARGE}-sector offer (${Math.round(r.largeBytes.json / 1024)} KiB, ${Math.round(r.largeBytes.brotli / 1024)} KiB brotli) at ${HIGH} connections: p99 **${p99(r, largeBrotli)} ms** as a browser asks (bare Fastify sending the brotli bytes: ${p99(r, largeBareBrotli)} ms), **${p99(r, largePlain)} ms** plain (bare: ${p99(r, largeBare)} ms) (target ≤ ${LARGE_P99_MS} ms: ${verdict(largeMet(r))}).`,
      '',
    ]),
  ],
);
process.exit(0);
