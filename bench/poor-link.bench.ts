// The portal on a slow, distant link as its users live it (`npm run bench -- poor-link`): the built app (demo data)
// behind a throttling proxy written here (bench/throttle-proxy.ts: bandwidth both ways and latency per round trip,
// so the service worker's own requests are as slow as the page's), at 400 kbit/s down / 200 up / 400 ms and at
// 1.6 Mbit/s / 150 ms, in Debian's Chromium. Cold (a new profile) and warm (the same profile again):
// - /login usable: from the address typed until a typed email and password, submitted, send the sign-in request;
// - code sent → dashboard settled: from the click on "Verify and sign in" until the network has been quiet 1.5 s;
// - the 150-sector editor: from the address until choosing its MFN part in the part picker (a phone-sized screen
//   has a list to choose from, not a row of tabs) shows that part.
// Each with the bytes that went down the link and the requests that reached the server. The baseline, through the
// same proxy: a static page with the same form (and a fetch on submit), served by Node. Then the same measures as
// operators run it: the link's proxy in front of nginx running deploy/nginx.conf with its TLS and HTTP/2 (a
// self-signed certificate, whose key Chromium is told to trust), nginx in front of the portal; said so in the results
// when nginx or openssl is missing. Needs `npm run build`.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { buildUser, signIn as apiSignIn } from '../apps/server/test/factories.js';
import { latestCode } from '../apps/server/test/harness.js';
import { benchOfferDocument, startBenchApp, writeResults } from './lib.js';
import { deployNginxMissing, selfSignedCertificate, spkiHash, startDeployNginx } from './processes.js';
import { startThrottleProxy, type LinkProfile, type ThrottleProxy } from './throttle-proxy.js';

if (!fs.existsSync(path.join(REPO_ROOT, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}

const LINKS: LinkProfile[] = [
  { name: '400 kbit/s down, 200 up, 400 ms', downKbit: 400, upKbit: 200, rttMs: 400 },
  { name: '1.6 Mbit/s down, 800 up, 150 ms', downKbit: 1600, upKbit: 800, rttMs: 150 },
];
const QUIET_MS = 1500;

interface Figure {
  ms: number;
  kb: number;
  requests: number;
  api: number;
}

const portal = await startBenchApp({ SEED_DEMO: 'true' });
const serverPort = Number(new URL(portal.api).port);
const user = await buildUser(portal, { role: 'SERVICE_FOCAL_POINT', country: 'KE' });
/**
 * A focal point of another country (one per link: a country has one offer, and an editor left open keeps its edit
 * lease a while) with a 150-sector offer; its tokens, and the offer.
 */
async function editorUser(country: string) {
  const owner = await buildUser(portal, { role: 'SERVICE_FOCAL_POINT', country });
  const ownerTokens = await apiSignIn(portal, owner);
  const created = await fetch(`${portal.api}/offers`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${ownerTokens.access_token}`,
      timezone: 'UTC',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ ...benchOfferDocument(150), name: 'Slow link offer', submittedToAU: false }),
  });
  if (created.status !== 200) throw new Error(`creating the offer: ${created.status} ${await created.text()}`);
  return { tokens: ownerTokens, offerId: ((await created.json()) as { payload: { id: string } }).payload.id };
}
const EDITOR_COUNTRIES = ['TZ', 'UG'];
const NGINX_EDITOR_COUNTRIES = ['RW', 'ET'];

// The server has rendered the sign-in page and the home once (its renderer is loaded with the first such visit):
// a server in use has.
for (const page of ['/login', '/'])
  await fetch(`${portal.api.replace(/\/api$/, '')}${page}`, { headers: { 'accept-language': 'en-US' } });

// The baseline: the same form on a static page (one file), whose submit sends one request.
const STATIC_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in</title></head><body>
<h1>Sign in</h1><form id="f"><label>Email address <input id="e" type="email"></label>
<label>Password <input id="p" type="password"></label><button>Continue</button></form>
<script>document.getElementById('f').addEventListener('submit', (e) => { e.preventDefault();
fetch('/api/oauth/token', { method: 'POST', body: 'x' }); });</script></body></html>`;
const staticServer = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': req.method === 'GET' ? 'text/html' : 'application/json' });
  res.end(req.method === 'GET' ? STATIC_PAGE : '{}');
});
await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
const staticPort = (staticServer.address() as { port: number }).port;

// nginx's certificate is self-signed, made before the browser starts so that the browser is told to trust that one
// key (by its SPKI hash). Not --ignore-certificate-errors: Chromium keeps nothing in its HTTP cache from a site whose
// certificate errors it ignores, so every file would be fetched twice (the page's and the service worker's copy).
const nginxMissing = deployNginxMissing();
const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-poor-link-nginx-'));
const certificate = nginxMissing ? null : selfSignedCertificate(nginxDir);

const browser: Browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    ...(certificate ? [`--ignore-certificate-errors-spki-list=${spkiHash(certificate.cert)}`] : []),
  ],
});

const figure = (proxy: ThrottleProxy, ms: number, until = Infinity): Figure => {
  const seen = proxy.requests().filter((r) => r.at <= until);
  return {
    ms: Math.round(ms),
    kb: +(proxy.bytes().down / 1024).toFixed(1),
    requests: seen.length,
    api: seen.filter((r) => r.path.startsWith('/api/')).length,
  };
};

/** Resolves once nothing has come down the link for QUIET_MS; the time of the last byte. */
async function quiet(proxy: ThrottleProxy): Promise<number> {
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    if (performance.now() - proxy.lastDownAt() >= QUIET_MS) return proxy.lastDownAt();
  }
}

/**
 * Opens /login (or the static page) and, as soon as the form shows, types and submits; a submit the page did not
 * handle yet (it reloads, or nothing happens) is tried again, as a user would. Ends when the sign-in request leaves.
 */
async function loginUsable(page: Page, proxy: ThrottleProxy, url: string): Promise<Figure> {
  proxy.reset();
  const start = performance.now();
  let sentAt = 0;
  const sent = new Promise<void>((resolve) =>
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/oauth/token') && !sentAt) {
        sentAt = performance.now();
        resolve();
      }
    }),
  );
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const deadline = start + 120_000;
  while (!sentAt && performance.now() < deadline) {
    try {
      await page.getByLabel('Email address', { exact: true }).fill(user.email, { timeout: 5_000 });
      await page.getByLabel('Password', { exact: true }).fill(user.password, { timeout: 5_000 });
      await page.getByRole('button', { name: 'Continue' }).click({ timeout: 5_000, noWaitAfter: true });
    } catch {
      // The page was being replaced (a submit before the script took the form over reloads it): again.
    }
    await Promise.race([sent, new Promise((r) => setTimeout(r, 300))]);
  }
  if (!sentAt) throw new Error(`${url}: the sign-in request never left`);
  return figure(proxy, sentAt - start, sentAt);
}

/** From /login's sign-in request to the dashboard settled: the code typed and sent, then the network quiet. */
async function codeToDashboard(page: Page, proxy: ThrottleProxy): Promise<Figure> {
  await page.waitForURL(/\/two-factor/, { timeout: 120_000 });
  const code = latestCode(portal, user.email);
  await page.getByLabel('Verification code').fill(code, { timeout: 60_000 });
  proxy.reset();
  const start = performance.now();
  await page.getByRole('button', { name: 'Verify and sign in' }).click({ timeout: 60_000 });
  await page.waitForURL(/\/dashboard/, { timeout: 120_000 });
  const last = await quiet(proxy);
  return figure(proxy, last - start, last);
}

/** Opens the 150-sector offer and chooses its MFN part in the part picker: ends when that part shows. */
async function editorUsable(page: Page, proxy: ThrottleProxy, origin: string, offerId: string): Promise<Figure> {
  proxy.reset();
  const start = performance.now();
  await page.goto(`${origin}/edit-offer/${offerId}`, { waitUntil: 'commit', timeout: 120_000 });
  const parts = page.getByRole('navigation', { name: 'Parts of the offer' });
  await parts.getByLabel('Part of the offer shown').selectOption({ label: 'MFN exemptions' }, { timeout: 120_000 });
  await page.getByText(/^List the measures inconsistent with most-favoured-nation/).waitFor({ timeout: 120_000 });
  const end = performance.now();
  return figure(proxy, end - start, end);
}

/** A new profile (empty cache, no service worker yet), phone-sized. */
const newProfile = (): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 412, height: 823 }, locale: 'en-US', serviceWorkers: 'allow' });

async function signedInProfile(signedIn: Awaited<ReturnType<typeof apiSignIn>>): Promise<BrowserContext> {
  const context = await newProfile();
  await context.addInitScript((tk) => {
    if (localStorage.getItem('access_token')) return;
    localStorage.setItem('access_token', tk.access_token);
    localStorage.setItem('refresh_token', tk.refresh_token);
    localStorage.setItem('access_exp', String(Date.now() + tk.expires_in * 1000));
  }, signedIn);
  return context;
}

/** Lets the service worker install and keep its files, as a user's first visit leaves it behind. */
const settle = (proxy: ThrottleProxy) => quiet(proxy);

type Row = Record<string, { cold: Figure; warm: Figure }>;

/** The portal's measures through `proxy` at `origin`; the editor's offer belongs to a focal point of `country`. */
async function measurePortal(proxy: ThrottleProxy, origin: string, country: string): Promise<Row> {
  const row: Row = {};
  // Sign-in: a new profile, then again in the same profile after signing out.
  const profile = await newProfile();
  const page = await profile.newPage();
  const loginCold = await loginUsable(page, proxy, `${origin}/login`);
  const dashCold = await codeToDashboard(page, proxy);
  await settle(proxy);
  await page.evaluate(() => localStorage.clear());
  const loginWarm = await loginUsable(page, proxy, `${origin}/login`);
  const dashWarm = await codeToDashboard(page, proxy);
  row['/login usable'] = { cold: loginCold, warm: loginWarm };
  row['code sent → dashboard settled'] = { cold: dashCold, warm: dashWarm };
  await profile.close();

  // The editor: a new signed-in profile, then the same address again in it.
  const editor = await editorUser(country);
  const editorProfile = await signedInProfile(editor.tokens);
  const ePage = await editorProfile.newPage();
  const editorCold = await editorUsable(ePage, proxy, origin, editor.offerId);
  await settle(proxy);
  const editorWarm = await editorUsable(ePage, proxy, origin, editor.offerId);
  row['150-sector editor: choosing a part works'] = { cold: editorCold, warm: editorWarm };
  await editorProfile.close();
  return row;
}

/** How many requests nginx's access log holds per protocol (HTTP/2.0, HTTP/1.1 for the WebSocket upgrades). */
function protocolsSeen(accessLog: string): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const line of fs.readFileSync(accessLog, 'utf8').split('\n').filter(Boolean)) {
    const protocol = line.split(' ')[0];
    seen[protocol] = (seen[protocol] ?? 0) + 1;
  }
  return seen;
}

// nginx as operators run it (deploy/nginx.conf, TLS and HTTP/2), started once for both links, in front of a proxy
// that is not throttled and only counts: TLS hides the requests from the link's proxy, so they are counted where they
// reach the portal.
const counter = nginxMissing
  ? null
  : await startThrottleProxy(serverPort, { name: 'nginx → portal', downKbit: 1e9, upKbit: 1e9, rttMs: 0 });
const nginx =
  counter && certificate ? await startDeployNginx(nginxDir, `127.0.0.1:${counter.port}`, certificate) : null;

const results: Record<string, Row> = {};
const nginxResults: Record<string, Row> = {};
const nginxFailures: Record<string, string> = {};
for (const [i, link] of LINKS.entries()) {
  const proxy = await startThrottleProxy(serverPort, link);
  const staticProxy = await startThrottleProxy(staticPort, link);

  const baselineProfile = await newProfile();
  const bPage = await baselineProfile.newPage();
  const bCold = await loginUsable(bPage, staticProxy, `http://127.0.0.1:${staticProxy.port}/`);
  const bWarm = await loginUsable(bPage, staticProxy, `http://127.0.0.1:${staticProxy.port}/`);
  await baselineProfile.close();

  const row: Row = { 'static page (baseline): form usable': { cold: bCold, warm: bWarm } };
  Object.assign(row, await measurePortal(proxy, `http://127.0.0.1:${proxy.port}`, EDITOR_COUNTRIES[i]));
  results[link.name] = row;
  await proxy.close();
  await staticProxy.close();
  console.log(link.name, JSON.stringify(row));

  if (nginx && counter) {
    const tlsProxy = await startThrottleProxy(nginx.port, link);
    const throughNginx: ThrottleProxy = {
      ...tlsProxy,
      // A request reaches the portal half a round trip after it left the browser: dated back by that much, so that
      // the end of a measure (the sign-in request leaving, the last byte down) counts what the browser had sent.
      requests: () => counter.requests().map((r) => ({ ...r, at: r.at - link.rttMs / 2 })),
      reset: () => {
        tlsProxy.reset();
        counter.reset();
      },
    };
    const origin = `https://127.0.0.1:${tlsProxy.port}`;
    // A failure through nginx is written down with the link's figures rather than losing the whole run.
    try {
      nginxResults[link.name] = await measurePortal(throughNginx, origin, NGINX_EDITOR_COUNTRIES[i]);
      console.log(link.name, 'through nginx', JSON.stringify(nginxResults[link.name]));
    } catch (error) {
      nginxFailures[link.name] = String(error instanceof Error ? error.message : error).split('\n')[0];
      console.log(link.name, 'through nginx failed:', nginxFailures[link.name]);
    }
    await tlsProxy.close();
  }
}
await browser.close();
staticServer.close();
// nginx logs a WebSocket upgrade when it closes: read once every page is closed.
if (nginx) await nginx.stop();
const protocols = nginx ? protocolsSeen(nginx.accessLog) : {};
const throughNginx = nginx
  ? { nginx: nginx.version, protocols, results: nginxResults, failures: nginxFailures }
  : { notMeasured: nginxMissing ?? '' };
await counter?.close();
fs.rmSync(nginxDir, { recursive: true, force: true });
await portal.close();

const cell = (f: Figure, base: Figure) =>
  `${(f.ms / 1000).toFixed(2)} s (${(f.ms / base.ms).toFixed(1)}×), ${f.kb} KiB, ${f.requests} req (${f.api} API)`;
const table = (row: Row, base: Row[string]) => [
  '| measure | cold | warm |',
  '| --- | --- | --- |',
  ...Object.entries(row).map(
    ([name, { cold, warm }]) => `| ${name} | ${cell(cold, base.cold)} | ${cell(warm, base.warm)} |`,
  ),
];
const protocolCounts = Object.entries(protocols)
  .map(([protocol, n]) => `${n} over ${protocol}`)
  .join(', ');
writeResults('poor-link', { links: LINKS, quietMs: QUIET_MS, results, throughNginx }, [
  '# The portal on a slow, distant link',
  '',
  'The built portal (demo data) behind a throttling proxy written in the bench (bench/throttle-proxy.ts): one pipe each',
  'way shared by all connections, half a round trip of delay on every packet, a round trip to open a connection; the',
  "service worker's requests go through it too. Debian's Chromium, 412 × 823 screen. Cold: a new profile; warm: the",
  'same profile again (after signing out, for /login). Each cell: time (÷ the static page of the same run and link),',
  'KiB that came down the link, requests that reached the server (of which /api).',
  '',
  'The second table of each link has the same measures through nginx as operators run it: deploy/nginx.conf with its',
  'TLS and HTTP/2 as written (a self-signed certificate whose key Chromium is told to trust), the link between',
  "the browser and nginx. The link's proxy sees only TLS there: the requests are counted between nginx and the portal",
  'by a proxy that does not throttle, each dated half a round trip earlier (when it left the browser); the KiB are what',
  'came down the link, TLS and HTTP/2 framing included.',
  nginx
    ? `nginx ${nginx.version}; its access log: ${protocolCounts} (WebSocket upgrades are HTTP/1.1: nginx offers no WebSockets over HTTP/2).`
    : `Through nginx: not measured, ${nginxMissing}.`,
  '',
  ...Object.entries(results).flatMap(([link, row]) => {
    const base = row['static page (baseline): form usable'];
    const viaNginx = nginxResults[link];
    return [
      `## ${link}`,
      '',
      ...table(row, base),
      '',
      ...(viaNginx ? ['Through nginx (deploy/nginx.conf, TLS, HTTP/2):', '', ...table(viaNginx, base), ''] : []),
      ...(nginxFailures[link] ? [`Through nginx: the measure failed (${nginxFailures[link]}).`, ''] : []),
    ];
  }),
  '/login usable: from the address until a typed email and password, submitted, send the sign-in request (a submit',
  'the page did not take is tried again, as a user would). Dashboard settled: from the click on "Verify and sign in"',
  `until nothing came down for ${QUIET_MS / 1000} s (the time of the last byte). Editor: from the address until choosing`,
  '"MFN exemptions" in its part picker (a phone-sized screen has a list, not tabs) shows that part.',
]);
