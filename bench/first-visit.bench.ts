// What a first visit to /login and to the public home downloads (`npm run bench -- first-visit`): the built app served
// by the portal (demo data), opened in Debian's Chromium on a phone-sized screen with an empty cache; every script,
// stylesheet and the page itself it fetched until the network went quiet, counted as sent plain, gzip and brotli (the
// copies made at build time; the page, rendered by the server, as it compresses it), beside what Chromium counted. Target: at most 250 KB (250,000 bytes)
// of JavaScript over the wire per page. Needs `npm run build` first.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { startBenchApp, writeResults } from './lib.js';

const TARGET_JS_KB = 250;
const dist = path.join(REPO_ROOT, 'apps/web/dist');
if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}
const none = (): Sizes => ({ files: 0, raw: 0, gzip: 0, brotli: 0 });

/** Bytes sent for one built file: its .gz/.br copy, or the file itself when none was written (too small). */
function sizesOf(file: string): Sizes {
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  const copy = (ext: string) => (fs.existsSync(`${full}.${ext}`) ? fs.statSync(`${full}.${ext}`).size : raw);
  return { files: 1, raw, gzip: copy('gz'), brotli: copy('br') };
}
const add = (a: Sizes, b: Sizes): Sizes => ({
  files: a.files + b.files,
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});

interface PageBytes {
  js: Sizes;
  css: Sizes;
  html: Sizes;
  /** What Chromium itself counted on the wire for those files (bodies as sent, in the encoding it was given). */
  transferred: number;
  scripts: string[];
}

const portal = await startBenchApp({ SEED_DEMO: 'true' });
const origin = portal.api.replace(/\/api$/, '');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

/** One first visit: a new profile (empty cache), no service worker, a 412 px wide screen like Lighthouse's phone. */
async function visit(pathname: string): Promise<PageBytes> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const result: PageBytes = { js: none(), css: none(), html: none(), transferred: 0, scripts: [] };
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin || url.pathname.startsWith('/api/')) return;
    const kind = /\.js$/.test(url.pathname) ? 'js' : /\.css$/.test(url.pathname) ? 'css' : 'html';
    if (kind === 'html' && request.resourceType() !== 'document') return;
    if (kind === 'html') {
      // The page is made by the server (the first screen rendered in it): its body as sent, compressed as the
      // server compresses answers (brotli at quality 4, gzip at zlib's default).
      pending.push(
        request.response().then(async (response) => {
          const body = (await response?.body()) ?? Buffer.alloc(0);
          const brotli = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
          const sizes = { files: 1, raw: body.length, gzip: zlib.gzipSync(body).length, brotli: brotli.length };
          result.html = add(result.html, sizes);
        }),
      );
    } else {
      const file = url.pathname.slice(1);
      if (kind === 'js') result.scripts.push(file);
      result[kind] = add(result[kind], sizesOf(file));
    }
    pending.push(
      request.sizes().then(
        (s) => {
          result.transferred += s.responseBodySize;
        },
        () => undefined, // the page was closed first: its size is in the files' count anyway
      ),
    );
  });
  await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  return result;
}

const pages = { login: await visit('/login'), home: await visit('/') };
await browser.close();
await portal.close();

// The copies on disk must be what zlib gives for the files now (a stale build would mislead).
const largest = pages.login.scripts
  .map((f) => path.join(dist, f))
  .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
const copyMatches = zlib.brotliDecompressSync(fs.readFileSync(`${largest}.br`)).equals(fs.readFileSync(largest));

const kb = (n: number) => (n / 1024).toFixed(1);
const row = (name: string, s: Sizes) => `| ${name} | ${s.files} | ${kb(s.raw)} | ${kb(s.gzip)} | ${kb(s.brotli)} |`;
const verdict = (p: PageBytes) =>
  p.js.brotli <= TARGET_JS_KB * 1000 ? 'met' : `**not met** (${p.js.brotli - TARGET_JS_KB * 1000} bytes over)`;
writeResults('first-visit', { targetJsKB: TARGET_JS_KB, pages, brotliCopyMatches: copyMatches }, [
  '# First visit: bytes sent for /login and the public home',
  '',
  "Debian's Chromium, 412 × 823 screen, empty cache, no service worker, demo data; every file fetched until the",
  'network was quiet (API answers and images not counted); KiB as sent from the copies made at build time.',
  '',
  ...Object.entries(pages).flatMap(([name, p]) => [
    `## ${name === 'login' ? '/login' : '/ (public home)'}`,
    '',
    '| part | files | plain KiB | gzip KiB | brotli KiB |',
    '| --- | --- | --- | --- | --- |',
    row('JavaScript', p.js),
    row('stylesheets', p.css),
    row('page', p.html),
    '',
    `JavaScript over the wire (brotli): ${p.js.brotli.toLocaleString('en')} bytes (${kb(p.js.brotli)} KiB); target ≤ ${TARGET_JS_KB} KB: ${verdict(p)}.`,
    `Chromium counted ${kb(p.transferred)} KiB received for the files of this page.`,
    '',
  ]),
  `Brotli copy of the largest script matches its file: ${copyMatches ? 'yes' : '**no: rebuild**'}.`,
]);
