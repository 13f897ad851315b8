import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_STATE_ID, FIRST_SCREEN_TIMEOUT_MS } from '@portal/shared';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, rawGet } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { must } from '../../test/must.js';

// The server's part of the first screen: which page, language and width it renders, what it gives the render (the
// answers of the page's public reads) and how it sends the result. The web app's render itself is proven in the
// browser (e2e/journeys/first-screen.e2e.ts); here a stand-in of its server build (dist-ssr) echoes what it was given.
let t: TestApp;
let site: string;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-first-screen-'));
const dist = path.join(root, 'dist');

const indexHtml = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <title>Trade in Services Negotiation Portal</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">
    <link rel="modulepreload" crossorigin href="/assets/app-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const manifest = {
  'index.html': { file: 'assets/index-abc.js', css: ['assets/index-abc.css'], isEntry: true },
  'src/pages/home/HomePage.tsx': { file: 'assets/HomePage-1.js', css: ['assets/HomePage-1.css'], imports: ['_cms.js'] },
  '_cms.js': { file: 'assets/cms-2.js', css: ['assets/cms-2.css'], imports: ['index.html'] },
  'src/pages/auth/LoginPage.tsx': { file: 'assets/LoginPage-3.js', imports: ['index.html'] },
};

const renderer = `
export const firstScreenModules = { '/': 'src/pages/home/HomePage.tsx', '/login': 'src/pages/auth/LoginPage.tsx' };
export function firstScreenQueries(path, language) {
  const home = { key: ['home'], url: '/home' };
  return path === '/' ? [home, { key: ['cms', language], url: '/v2/cms/byType/HOME_OBJECTIVES?lng=' + language }] : [home];
}
let renders = 0;
export async function renderFirstScreen({ path, language, narrow, answers }) {
  if (globalThis.firstScreenFails) throw new Error('the render failed');
  if (globalThis.firstScreenHangs) return new Promise(() => {});
  renders += 1;
  return {
    html: '<main data-render="' + renders + '">' + [path, language, narrow ? 'narrow' : 'wide'].join(' ') + " $' $& $$</main>",
    title: "Sign in </title><script>alert(1)</script> $' $& $$",
    styles: '<style data-css-hash="x">.ant-btn{color:red}</style>',
    state: { path, language, narrow, answers, note: '</script><script>alert(2)</script>' },
  };
}`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.writeFileSync(path.join(dist, 'index.html'), indexHtml);
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(root, 'dist-ssr', 'renderFirstScreen.js'), renderer);
  t = await startTestApp({ WEB_DIST: dist });
  site = t.api.replace(/\/api$/, '');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await rawGet(`${site}${url}`, headers);
  const text =
    res.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(res.body).toString() : res.body.toString();
  return { ...res, text };
};
/** The rendered page, inert until the web app takes it over. */
const rootOf = (html: string) => /<div id="root" inert>(.*?)<\/div>/s.exec(html)?.[1];
const stateOf = (html: string) =>
  JSON.parse(
    must(
      new RegExp(`<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">(.*?)</script>`, 's').exec(html)?.[1],
    ),
  );

describe('the first screen rendered by the server', () => {
  it('renders the home in the browser language, from the answers of its public reads', async () => {
    const res = await get('/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('<html lang="fr" dir="ltr">');
    expect(rootOf(res.text)).toMatch(/^<main data-render="\d+">\/ fr wide \$' \$& \$\$<\/main>$/);
    const state = stateOf(res.text);
    expect(state).toMatchObject({ path: '/', language: 'fr', narrow: false });
    const home = JSON.parse((await get('/api/home')).text).payload;
    const objectives = JSON.parse((await get('/api/v2/cms/byType/HOME_OBJECTIVES?lng=fr')).text).payload;
    expect(state.answers).toEqual([
      { key: ['home'], data: home },
      { key: ['cms', 'fr'], data: objectives },
    ]);
  });

  it("links the page's own styles, keeps antd's in the head, and asks for the app's script after the first paint", async () => {
    const { text } = await get('/');
    const head = text.slice(0, text.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/HomePage-1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/cms-2.css">');
    expect(head.match(/index-abc\.css/g)).toHaveLength(1);
    expect(head).toContain('<style data-css-hash="x">');
    expect(text).not.toContain('<script type="module"');
    // The app's modules are linked by the loader with the app's script, not fetched before the first paint.
    expect(text).not.toContain('modulepreload');
    expect(text).toContain(
      '<script defer src="/first-screen.js" data-app="/assets/index-abc.js" data-preload="/assets/runtime-1.js /assets/app-2.js"></script>',
    );
  });

  it('takes the language chosen in the portal (its cookie) over the browser’s, and turns Arabic right to left', async () => {
    const res = await get('/login', { cookie: 'theme=x; locale=ar', 'accept-language': 'en-GB' });
    expect(res.text).toContain('<html lang="ar" dir="rtl">');
    expect(rootOf(res.text)).toMatch(/\/login ar wide/);
    expect(stateOf(res.text).answers).toHaveLength(1);
  });

  it('renders the narrow layout for a phone (its mobile hint, else its user agent)', async () => {
    expect(rootOf((await get('/login', { 'sec-ch-ua-mobile': '?1' })).text)).toMatch(/\/login en narrow/);
    expect(rootOf((await get('/login', { 'sec-ch-ua-mobile': '?0', 'user-agent': 'Android Mobile' })).text)).toMatch(
      /\/login en wide/,
    );
    const android = 'Mozilla/5.0 (Linux; Android 11) AppleWebKit/537.36 Chrome/136.0 Mobile Safari/537.36';
    expect(rootOf((await get('/login', { 'user-agent': android })).text)).toMatch(/\/login en narrow/);
  });

  it('escapes what it writes into the page: the title as text, the state so that it cannot close its element', async () => {
    const { text } = await get('/login');
    // Written as it is: `$'`, `$&` and `$$` are text, not replacement patterns.
    expect(text).toContain("<title>Sign in &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; $' $&amp; $$</title>");
    expect(text.match(/<\/html>/g)).toHaveLength(1);
    expect(text).not.toContain('<script>alert');
    expect(stateOf(text).note).toBe('</script><script>alert(2)</script>');
  });

  it('is asked again on each visit, answers 304 while unchanged, varies with language and width, and is compressed', async () => {
    const res = await get('/', { 'accept-encoding': 'br', 'accept-language': 'en' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/Accept-Language.*Cookie.*Sec-CH-UA-Mobile.*User-Agent.*accept-encoding/i);
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const again = await get('/', { 'if-none-match': String(res.headers.etag), 'accept-language': 'en' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('keeps a rendered page for a while rather than rendering it for every visitor', async () => {
    const first = rootOf((await get('/', { 'accept-language': 'ar' })).text);
    const second = rootOf((await get('/', { 'accept-language': 'ar' })).text);
    expect(second).toBe(first);
  });

  it('sends index.html as it is for the other pages, and when the render fails, until something changes', async () => {
    const other = await get('/offers/some-offer');
    expect(other.status).toBe(200);
    expect(other.text).toBe(indexHtml);
    const flags = globalThis as { firstScreenFails?: boolean };
    const phoneInFrench = { 'accept-language': 'fr', 'sec-ch-ua-mobile': '?1' };
    flags.firstScreenFails = true;
    try {
      const failed = await get('/login', phoneInFrench);
      expect(failed.status).toBe(200);
      expect(failed.text).toBe(indexHtml);
    } finally {
      delete flags.firstScreenFails;
    }
    // Kept like a rendered page: not rendered again for every visitor.
    expect((await get('/login', phoneInFrench)).text).toBe(indexHtml);
    // Another change through the API (a profile's language) leaves it kept.
    const user = await userWithToken(t);
    const language = await call(t, 'PUT', '/profile/language', { token: user.token, body: { language: 'fr' } });
    expect(language.status).toBeLessThan(300);
    expect((await get('/login', phoneInFrench)).text).toBe(indexHtml);
    // A change of what the pages show (the secretariat saves the home settings) drops it: rendered for the next visitor.
    const staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
    const home = (await call(t, 'GET', '/home')).body.payload;
    const saved = await call(t, 'PUT', '/home', { token: staff.token, body: home });
    expect(saved.status).toBeLessThan(300);
    expect(rootOf((await get('/login', phoneInFrench)).text)).toMatch(/\/login fr narrow/);
  });

  it('sends index.html when the render takes too long', async () => {
    const flags = globalThis as { firstScreenHangs?: boolean };
    flags.firstScreenHangs = true;
    try {
      const started = Date.now();
      const slow = await get('/login', { 'accept-language': 'ar', 'sec-ch-ua-mobile': '?1' });
      expect(slow.status).toBe(200);
      expect(slow.text).toBe(indexHtml);
      expect(Date.now() - started).toBeGreaterThanOrEqual(FIRST_SCREEN_TIMEOUT_MS - 100);
    } finally {
      delete flags.firstScreenHangs;
    }
  }, 20_000);
});
