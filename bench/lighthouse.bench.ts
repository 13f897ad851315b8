// Lighthouse performance of the first visit to /login and the home page, and of a signed-in user's first visit to the
// offers list and to the 150-sector offer editor (`npm run bench -- lighthouse`), with its default mobile settings
// (simulated slow 4G, 4× slower CPU) in Debian's Chromium; the baseline, in the same run, is a static page with one
// heading served by Node on the same machine (what the machine and the settings allow at best).
// Signed in: the session lives in the page's localStorage, which Lighthouse clears before it loads a page. Each run
// starts its own Chromium on a new profile (an empty cache, no service worker), puts the session in it on the portal's
// origin, and has Lighthouse load the page in that browser with storage left as it is (--port, --disable-storage-reset).
// Needs the built web app (`npm run build`) and /usr/bin/chromium; Lighthouse itself is fetched from the npm registry
// by npx at a pinned version (it is not a dependency of the portal).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { buildUser, signIn as apiSignIn } from '../apps/server/test/factories.js';
import { benchOfferDocument, startBenchApp, writeResults } from './lib.js';
import { freePort } from './processes.js';

const LIGHTHOUSE = 'lighthouse@13.5.0';
const CHROMIUM = '/usr/bin/chromium';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

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

/** A signed-in user's tokens as the web app keeps them. */
type Session = Awaited<ReturnType<typeof apiSignIn>>;

/**
 * One Lighthouse run (performance only) of a page; with a session, in a Chromium of its own on a new profile holding
 * it. Asynchronous: the pages are served by this very process.
 */
async function lighthouse(url: string, session?: Session): Promise<Run> {
  const out = path.join(os.tmpdir(), `portal-lighthouse-${process.pid}.json`);
  const browser = session ? await browserWithSession(new URL(url).origin, session) : null;
  const run = spawn(
    'npx',
    [
      '-y',
      LIGHTHOUSE,
      url,
      ...(browser
        ? [`--port=${browser.port}`, '--disable-storage-reset']
        : [`--chrome-path=${CHROMIUM}`, '--chrome-flags=--headless=new --no-sandbox']),
      '--only-categories=performance',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
    ],
    { stdio: 'inherit' },
  );
  const status = await new Promise<number | null>((resolve) => run.on('close', resolve)).finally(() =>
    browser?.close(),
  );
  if (status !== 0) throw new Error(`lighthouse failed on ${url}`);
  const report = JSON.parse(fs.readFileSync(out, 'utf8')) as {
    finalDisplayedUrl?: string;
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
  };
  fs.rmSync(out, { force: true });
  const shown = new URL(report.finalDisplayedUrl ?? url).pathname;
  if (shown !== new URL(url).pathname) throw new Error(`lighthouse measured ${shown}, not ${url}`);
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
 * Chromium on a new profile, listening for Lighthouse on a port of its own, with the session in the origin's
 * localStorage (set on a small answer of the portal, /api/health, which nothing keeps); closing it removes the profile.
 */
async function browserWithSession(origin: string, session: Session) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-profile-'));
  const chrome = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--no-first-run',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const close = async () => {
    chrome.kill('SIGTERM');
    await new Promise((resolve) => (chrome.exitCode === null ? chrome.once('exit', resolve) : resolve(null)));
    fs.rmSync(profile, { recursive: true, force: true });
  };
  try {
    const cdp = await connectWhenListening(port);
    const page = await (cdp.contexts()[0] ?? (await cdp.newContext())).newPage();
    await page.goto(`${origin}/api/health`);
    await page.evaluate((tk) => {
      localStorage.setItem('access_token', tk.access_token);
      localStorage.setItem('refresh_token', tk.refresh_token);
      localStorage.setItem('access_exp', String(Date.now() + tk.expires_in * 1000));
    }, session);
    await page.close();
  } catch (error) {
    await close();
    throw error;
  }
  return { port, close };
}

/** Playwright over the devtools protocol, once Chromium listens (a few hundred milliseconds after it starts). */
async function connectWhenListening(port: number) {
  for (let i = 0; ; i++) {
    try {
      return await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
    } catch (error) {
      if (i >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
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
async function median(
  url: string,
  session?: () => Promise<Session>,
  after?: (session: Session) => Promise<void>,
): Promise<Run & { scores: number[] }> {
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const signedIn = session ? await session() : undefined;
    runs.push(await withRetries(() => lighthouse(url, signedIn)));
    if (signedIn) await after?.(signedIn);
  }
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
// A focal point with a 150-sector offer: the offers list shows it, the editor opens it.
const focal = await buildUser(portal, { role: 'SERVICE_FOCAL_POINT', country: 'TZ' });
const session = () => apiSignIn(portal, focal);
const created = await fetch(`${portal.api}/offers`, {
  method: 'POST',
  headers: {
    authorization: `Bearer ${(await session()).access_token}`,
    timezone: 'UTC',
    'content-type': 'application/json',
  },
  body: JSON.stringify({ ...benchOfferDocument(150), name: 'Lighthouse offer', submittedToAU: false }),
});
if (created.status !== 200) throw new Error(`creating the offer: ${created.status} ${await created.text()}`);
const offerId = ((await created.json()) as { payload: { id: string } }).payload.id;
const results = {
  baseline: await median(baselineUrl),
  login: await median(`${origin}/login`),
  home: await median(`${origin}/`),
  'offers (signed in)': await median(`${origin}/offers`, session),
  // Each run's editor gives its lease back, as leaving it does: the next run opens it in another session.
  'editor, 150 sectors (signed in)': await median(`${origin}/edit-offer/${offerId}`, session, (tk) =>
    fetch(`${portal.api}/offers/checkOpenOffer/${offerId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${tk.access_token}` },
    }).then(() => undefined),
  ),
};
await portal.close();
baseline.close();

const kb = (n: number) => (n / 1024).toFixed(0);
writeResults('lighthouse', { lighthouse: LIGHTHOUSE, runs: RUNS, results }, [
  `# Lighthouse, first visit (mobile defaults: simulated slow 4G, 4× CPU slowdown), signed out and signed in`,
  '',
  `${LIGHTHOUSE} in Debian's Chromium, median of ${RUNS} runs per page; the baseline is a static page with one`,
  'heading served by Node on the same machine in the same run. Signed in: a new profile per run (empty cache, no',
  "service worker) holding a focal point's session; the editor opens a 150-sector offer.",
  '',
  '| page | score (runs) | first paint | largest paint | blocking time | layout shift | KiB sent | requests |',
  '| --- | --- | --- | --- | --- | --- | --- | --- |',
  ...Object.entries(results).map(
    ([page, r]) =>
      `| ${page} | ${r.score} (${r.scores.join(', ')}) | ${(r.fcpMs / 1000).toFixed(1)} s | ${(r.lcpMs / 1000).toFixed(1)} s | ${r.tbtMs} ms | ${r.cls} | ${kb(r.bytes)} | ${r.requests} |`,
  ),
]);
