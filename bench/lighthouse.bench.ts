// Lighthouse performance of the first visit to /login and the home page (`npm run bench -- lighthouse`), with its
// default mobile settings (simulated slow 4G, 4× slower CPU) in Debian's Chromium; the baseline, in the same run, is
// a static page with one heading served by Node on the same machine (what the machine and the settings allow at best).
// Needs the built web app (`npm run build`) and /usr/bin/chromium; Lighthouse itself is fetched from the npm registry
// by npx at a pinned version (it is not a dependency of the portal).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { startBenchApp, writeResults } from './lib.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  process.exit(1);
}

interface Run {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  bytes: number;
  requests: number;
}

/** One Lighthouse run (performance only) of a page. Asynchronous: the pages are served by this very process. */
async function lighthouse(url: string): Promise<Run> {
  const out = path.join(os.tmpdir(), `portal-lighthouse-${process.pid}.json`);
  const run = spawn(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      `--chrome-path=${CHROMIUM}`,
      '--chrome-flags=--headless=new --no-sandbox',
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { stdio: 'inherit' },
  );
  const status = await new Promise<number | null>((resolve) => run.on('close', resolve));
  if (status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
  };
  fs.rmSync(out, { force: true });
  const value = (audit: string) => report.audits[audit]?.numericValue ?? NaN;
  return {
    score: Math.round(report.categories.performance.score * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: +value('cumulative-layout-shift').toFixed(3),
    bytes: Math.round(value('total-byte-weight')),
    requests: report.audits['network-requests']?.details?.items?.length ?? 0,
  };
}

/**
 * Lighthouse itself sometimes fails to record a trace in headless Chromium (NO_NAVSTART, a closed target): such a run
 * measured nothing and is made again, twice at most; a third failure stops the bench.
 */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.error(`${(error as Error).message}: trying again`);
    }
  }
}

/** The run of median score among RUNS (Lighthouse's own advice for a noisy machine). */
async function median(url: string): Promise<Run & { scores: number[] }> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await withRetries(() => lighthouse(url)));
  runs.sort((a, b) => a.score - b.score);
  return { ...runs[Math.floor(RUNS / 2)], scores: runs.map((r) => r.score) };
}

const baseline = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width">' +
      '<title>Sign in</title></head><body><h1>Sign in</h1><p>A static page.</p></body></html>',
  );
});
await new Promise<void>((resolve) => baseline.listen(0, '127.0.0.1', resolve));
const baselineAddress = baseline.address();
const baselineUrl = `http://127.0.0.1:${typeof baselineAddress === 'object' && baselineAddress ? baselineAddress.port : 0}/`;

const portal = await startBenchApp({ SEED_DEMO: 'true' });
const origin = portal.api.replace(/\/api$/, '');
const results = {
  baseline: await median(baselineUrl),
  login: await median(`${origin}/login`),
  home: await median(`${origin}/`),
};
await portal.close();
baseline.close();

const kb = (n: number) => (n / 1024).toFixed(0);
writeResults('lighthouse', { lighthouse: LIGHTHOUSE, runs: RUNS, results }, [
  `# Lighthouse, first visit (mobile defaults: simulated slow 4G, 4× CPU slowdown)`,
  '',
  `${LIGHTHOUSE} in Debian's Chromium, median of ${RUNS} runs per page; the baseline is a static page with one`,
  'heading served by Node on the same machine in the same run.',
  '',
  '| page | score (runs) | first paint | largest paint | blocking time | layout shift | KiB sent | requests |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...Object.entries(results).map(
    ([page, r]) =>
      `| ${page} | ${r.score} (${r.scores.join(', ')}) | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.bytes)} | ${r.requests} |`,
  ),
]);
