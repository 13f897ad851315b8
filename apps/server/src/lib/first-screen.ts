/**
 * The first screen as HTML: GET / and /login answer the web app's index.html with the page already
 * rendered in it — in the visitor's language, right to left in Arabic, with the styles it needs — so that a slow phone
 * shows the page before the script has arrived; the web app then hydrates it (apps/web/src/main.tsx). The render
 * is the web app's own (its server build, apps/web/dist-ssr), from the answers of the page's public reads, which
 * are asked of this server as the browser would ask them. A page is kept a few seconds per language and screen
 * class. Without the server build (a server started without the web app built), the page is index.html as before.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FIRST_SCREEN_PATHS,
  FIRST_SCREEN_STATE_ID,
  FIRST_SCREEN_TIMEOUT_MS,
  type FirstScreenPath,
  type FirstScreenRenderer,
  type Language,
} from '@portal/shared';
import { API_PREFIX } from '../auth/authorize.js';
import { requestLanguage } from './request-language.js';

/** How long a rendered page is kept: a change of the home settings or content shows within this time. */
export const FIRST_SCREEN_KEEP_MS = 10_000;

/** Where the server build of the web app is, beside its browser build. */
export const firstScreenDir = (webDist: string) => path.join(webDist, '..', 'dist-ssr');

interface ViteManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ViteManifestEntry>;

/**
 * The stylesheets a page needs beyond what index.html links (its own and its modules'), so that it is drawn styled at
 * once; its modules themselves come with the app's script, after the first paint.
 */
function pageLinks(manifest: ViteManifest, module: string): string {
  const entry = Object.values(manifest).find((e) => e.isEntry);
  const shipped = new Set([...(entry?.css ?? []), entry?.file]);
  const css = new Set<string>();
  const visited = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || shipped.has(chunk.file) || visited.has(chunk.file)) return;
    visited.add(chunk.file);
    for (const file of chunk.css ?? []) if (!shipped.has(file)) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a `<script>` element: nothing in it may close the element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * A phone (below the 900 px breakpoint): the browser's own mobile hint (Sec-CH-UA-Mobile, sent by Chromium-based
 * browsers), else its user agent. A wrong guess only means a different layout until the script runs.
 */
export function looksNarrow(req: FastifyRequest): boolean {
  const hint = req.headers['sec-ch-ua-mobile'];
  if (typeof hint === 'string') return hint.trim() === '?1';
  return /Mobi|Android|iPhone|iPod/i.test(req.headers['user-agent'] ?? '');
}

/**
 * The web app's script in index.html. In a rendered page, /first-screen.js (src/app/firstScreenLoader.ts) asks for it after the next frame is
 * painted (at the latest after 100 ms: a page opened in a background tab paints no frame): on a fast link the script
 * would otherwise run before the browser paints the HTML it already has; on a slow one this costs at most a frame.
 */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/**
 * The modules the app's script imports at once (index.html links them so that they load beside it). In a rendered
 * page they would load at once, before the first paint, and compete with the page's own bytes: the loader links them
 * when it asks for the app's script (`data-preload`).
 */
const APP_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/** index.html's app script and its preloads, as the loader of a rendered page asks for them. */
function firstScreenLoader(template: string, src: string): string {
  const preload = [...template.matchAll(APP_PRELOAD)].map((match) => match[1]).join(' ');
  return `<script defer src="/first-screen.js" data-app="${src}"${preload ? ` data-preload="${preload}"` : ''}></script>`;
}

/** The API paths whose changes change the rendered pages: the home settings (and logo) and the CMS's entries. */
const SHOWN_SOURCES = ['/home', '/v2/cms', '/cms'];

interface Page {
  body: string;
  etag: string;
}

const pageOf = (body: string): Page => ({
  body,
  etag: `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
});

/** The renderer (the web app's server build) with each page's links, or null when it cannot be loaded. */
async function loadRenderer(entry: string, manifestFile: string, log: FastifyBaseLogger) {
  try {
    const renderer = (await import(pathToFileURL(entry).href)) as FirstScreenRenderer;
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as ViteManifest;
    const links = {} as Record<FirstScreenPath, string>;
    for (const page of FIRST_SCREEN_PATHS) {
      const module = renderer.firstScreenModules[page];
      if (!manifest[module]) throw new Error(`${module} (${page}) is not in the web app's build manifest`);
      links[page] = pageLinks(manifest, module);
    }
    return { renderer, links };
  } catch (err) {
    // The portal still works: every page is index.html, rendered in the browser.
    log.error({ err }, 'the first screen is not rendered by the server: its build could not be loaded');
    return null;
  }
}

export async function serveFirstScreen(app: FastifyInstance, webDist: string, log: FastifyBaseLogger): Promise<void> {
  const entry = path.join(firstScreenDir(webDist), 'renderFirstScreen.js');
  const indexFile = path.join(webDist, 'index.html');
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (![entry, indexFile, manifestFile].every((file) => fs.existsSync(file))) {
    log.info('the first screen is not rendered by the server: the web app has no server build (npm run build)');
    return;
  }
  const template = fs.readFileSync(indexFile, 'utf8');
  const plain = pageOf(template);
  // Loaded with the first visit to one of the pages, not at start-up (a 5 MB module and jsdom that the API, its tests
  // and a server behind a separate web front never need); once, whether it loads or not.
  let loading: ReturnType<typeof loadRenderer> | null = null;
  const loaded = () => (loading ??= loadRenderer(entry, manifestFile, log));

  /**
   * The answers of the page's reads (the envelope's payload, as the web app's client gives it). If one fails, the page
   * is not rendered here: the browser asks again and shows the failure as it always has.
   */
  const answers = (renderer: FirstScreenRenderer, page: FirstScreenPath, language: Language) =>
    Promise.all(
      renderer.firstScreenQueries(page, language).map(async ({ key, url }) => {
        const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${url}` });
        if (res.statusCode !== 200) throw new Error(`GET ${url} answered ${res.statusCode}`);
        return { key, data: res.json<{ payload: unknown }>().payload };
      }),
    );

  const render = async (page: FirstScreenPath, language: Language, narrow: boolean): Promise<Page> => {
    const build = await loaded();
    // Said once when it failed to load: the pages are index.html.
    if (!build) return plain;
    const { renderer, links } = build;
    const screen = await renderer.renderFirstScreen({
      path: page,
      language,
      narrow,
      answers: await answers(renderer, page, language),
    });
    // Replaced by functions, not strings: a `$'` in the content is text, not a replacement pattern.
    const root = `<div id="root" inert>${screen.html}</div><script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(screen.state)}</script>`;
    return pageOf(
      template
        .replace(APP_PRELOAD, '')
        .replace(APP_SCRIPT, (_all, src: string) => firstScreenLoader(template, src))
        .replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`)
        .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`)
        .replace('</head>', () => `${links[page]}${screen.styles}</head>`)
        .replace('<div id="root"></div>', () => root),
    );
  };

  /** Within the time limit, else rejected (the render itself is stopped by the renderer at the same limit). */
  const inTime = (page: FirstScreenPath, language: Language, narrow: boolean) =>
    Promise.race([
      render(page, language, narrow),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error('not rendered in time')), FIRST_SCREEN_TIMEOUT_MS).unref(),
      ),
    ]);

  // Kept per page × language × width; a failure too (as index.html), so that a page that cannot be rendered is not
  // tried again on every visit. A change of what the pages show (the home settings, the CMS) that succeeded drops them
  // all: the secretariat's new colours or objectives show on the next visit (other instances: within
  // FIRST_SCREEN_KEEP_MS). Other changes (a sign-in, a save) leave them. @cache first-screens
  const kept = new Map<string, { until: number; page: Promise<Page> }>();
  app.addHook('onResponse', async (req, reply) => {
    if (req.method === 'GET' || req.method === 'HEAD' || reply.statusCode >= 400) return;
    if (SHOWN_SOURCES.some((source) => req.url.startsWith(`${API_PREFIX}${source}`))) kept.clear();
  });
  const pageFor = (page: FirstScreenPath, language: Language, narrow: boolean, log: FastifyBaseLogger) => {
    const key = `${page} ${language} ${narrow}`;
    const now = Date.now();
    const hit = kept.get(key);
    if (hit && hit.until > now) return hit.page;
    const made = inTime(page, language, narrow).catch((err: unknown) => {
      log.error({ err, page, language }, 'the first screen could not be rendered');
      return plain;
    });
    kept.set(key, { until: now + FIRST_SCREEN_KEEP_MS, page: made });
    return made;
  };

  const answer = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = req.routeOptions.url as FirstScreenPath;
    const made = await pageFor(page, requestLanguage(req.headers), looksNarrow(req), req.log);
    reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie, Sec-CH-UA-Mobile, User-Agent')
      .header('etag', made.etag)
      .type('text/html; charset=utf-8');
    if (req.headers['if-none-match'] === made.etag) return reply.code(304).send();
    return reply.send(made.body);
  };
  for (const page of FIRST_SCREEN_PATHS) app.get(page, answer);
}
