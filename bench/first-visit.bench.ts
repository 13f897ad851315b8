// What a first visit to /login downloads, as sent plain, gzip and brotli (`npm run bench -- first-visit`).
// Reads the built web app (apps/web/dist, `npm run build` first); builds nothing and starts no server.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from '../apps/server/src/config.js';
import { writeResults } from './lib.js';

const dist = path.join(REPO_ROOT, 'apps/web/dist');
const index = path.join(dist, 'index.html');
if (!fs.existsSync(index)) {
  console.error('apps/web/dist/index.html is missing: run `npm run build` first');
  process.exit(1);
}

/** The files index.html loads at once: its module script, the chunks it preloads, its stylesheets. */
function referencedByIndex(html: string): string[] {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
  return refs.filter((ref) => /\.(?:js|css)$/.test(ref));
}

/** A chunk and every chunk it imports statically (`import … from "./x.js"`), not the lazy `import("./x.js")`. */
function withStaticImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  for (const m of code.matchAll(/\b(?:import|export)\s*(?:[^"'`();]*?\bfrom\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)) {
    withStaticImports(`assets/${m[1]}`, seen);
  }
  return seen;
}

/** The chunk of the /login page, which the router loads lazily (found in the router's table, else by name). */
function loginPageChunk(entryFiles: string[]): string | null {
  for (const file of entryFiles.filter((f) => f.endsWith('.js'))) {
    const code = fs.readFileSync(path.join(dist, file), 'utf8');
    const m = /"\/login":\{[^}]*?import\(["'`]\.\/([^"'`]+\.js)["'`]\)/.exec(code);
    if (m) return `assets/${m[1]}`;
  }
  const byName = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^LoginPage-[\w-]+\.js$/.test(f));
  return byName ? `assets/${byName}` : null;
}

interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

/** Bytes sent for one file: the .gz/.br copy written at build time, or the file itself when none was (too small). */
function sizesOf(file: string): Sizes {
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  const copy = (ext: string) => (fs.existsSync(`${full}.${ext}`) ? fs.statSync(`${full}.${ext}`).size : raw);
  return { raw, gzip: copy('gz'), brotli: copy('br') };
}

const sum = (list: Sizes[]): Sizes =>
  list.reduce((a, s) => ({ raw: a.raw + s.raw, gzip: a.gzip + s.gzip, brotli: a.brotli + s.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

const entry = referencedByIndex(fs.readFileSync(index, 'utf8'));
const entryClosure = new Set<string>();
for (const file of entry) {
  if (file.endsWith('.js')) withStaticImports(file, entryClosure);
  else entryClosure.add(file);
}
const page = loginPageChunk(entry);
const pageFiles = page ? [...withStaticImports(page)].filter((f) => !entryClosure.has(f)) : [];

const groups = {
  html: sum([sizesOf('index.html')]),
  entryJs: sum([...entryClosure].filter((f) => f.endsWith('.js')).map(sizesOf)),
  entryCss: sum([...entryClosure].filter((f) => f.endsWith('.css')).map(sizesOf)),
  loginPageJs: sum(pageFiles.map(sizesOf)),
};
const total = sum(Object.values(groups));
const allAssets = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => /\.(?:js|css)$/.test(f))
  .map((f) => sizesOf(`assets/${f}`));
const wholeApp = sum(allAssets);
// A check that the copies on disk match what zlib gives now (a stale dist would mislead).
const largest = [...entryClosure].sort((a, b) => sizesOf(b).raw - sizesOf(a).raw)[0];
const largestPath = path.join(dist, largest);
const check = zlib.brotliDecompressSync(fs.readFileSync(`${largestPath}.br`)).equals(fs.readFileSync(largestPath));

const kb = (n: number) => (n / 1024).toFixed(1);
const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(0)} %`;
/** Seconds on a 256 kbit/s link (a poor mobile or satellite connection), transfer only. */
const at256k = (n: number) => ((n * 8) / 256_000).toFixed(1);
const rows = Object.entries({ ...groups, total }).map(
  ([name, s]) =>
    `| ${name} | ${kb(s.raw)} | ${kb(s.gzip)} (${pct(s.gzip, s.raw)}) | ${kb(s.brotli)} (${pct(s.brotli, s.raw)}) |`,
);
writeResults(
  'first-visit',
  {
    files: { entry: entryClosure.size, loginPage: pageFiles.length, loginPageChunk: page },
    bytes: { ...groups, total },
    wholeAppJsCss: { files: allAssets.length, ...wholeApp },
    secondsAt256kbit: { raw: +at256k(total.raw), gzip: +at256k(total.gzip), brotli: +at256k(total.brotli) },
    brotliCopyMatches: check,
  },
  [
    `# First visit to /login: bytes sent`,
    '',
    `index.html, the ${entryClosure.size} scripts and stylesheets it loads at once (entry, modulepreloads and their`,
    `static imports) and the ${pageFiles.length} more of the lazy /login page; KiB as sent.`,
    '',
    '| part | plain KiB | gzip KiB | brotli KiB |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
    `At 256 kbit/s: ${at256k(total.raw)} s plain, ${at256k(total.gzip)} s gzip, ${at256k(total.brotli)} s brotli`,
    `(transfer only). A second visit downloads none of the assets (immutable for a year): index.html is`,
    `revalidated (304). The whole app's JS and CSS (${allAssets.length} files): ${kb(wholeApp.raw)} KiB plain,`,
    `${kb(wholeApp.brotli)} KiB brotli.`,
  ],
);
