/**
 * The portal's service worker (built to /sw.js by vite.config.ts): the app keeps working read-only on a connection
 * that drops. Pages and API reads go to the network first, always; only when it fails is the last copy given
 * (marked with OFFLINE_COPY_HEADER). Hashed assets are immutable and given from the cache first. Reference data
 * (REFERENCE_READS) and the early start script (EARLY_SCRIPT) are given from their copy at once and fetched again
 * behind it (stale-while-revalidate). Writes are never touched: saving stays online-only, with the editor's local
 * recovery.
 */
import { isFirstScreenPath } from '@portal/shared';
import {
  OFFLINE_API_CACHE,
  OFFLINE_COPY_HEADER,
  OFFLINE_READS,
  OFFLINE_SHELL_CACHE,
  REFERENCE_READS,
  REFERENCE_REVALIDATE_MS,
  START_CALLS,
} from '../../api/offline';

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
}

const worker = globalThis as unknown as WorkerScope;
/**
 * Every page of the single-page app is the same index.html: one copy serves them all offline. Not the sign-in page or
 * the home as the server renders them (lib/first-screen.ts): those hold one page in one language.
 */
const SHELL_KEY = '/';
const SHELL_FILE = '/index.html';

/**
 * The script the shell runs first (app/earlyStart.ts): not hashed, so given from its copy at once and fetched again
 * behind it, for the next visit. From the network it would start the screen's call a round trip late.
 */
const EARLY_SCRIPT = '/early-start.js';

/** The shell and the files it loads at once, kept when the worker installs: the first visit may predate it. */
async function keepShell(): Promise<void> {
  const cache = await caches.open(OFFLINE_SHELL_CACHE);
  const page = await fetch(SHELL_FILE);
  if (page.status !== 200) return;
  await cache.put(SHELL_KEY, page.clone());
  const files = [...(await page.text()).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].flatMap((m) => m[1] ?? []);
  await cache.addAll([...files, EARLY_SCRIPT]);
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    keepShell()
      .catch(() => undefined)
      .then(() => worker.skipWaiting()),
  );
});
worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([OFFLINE_API_CACHE, OFFLINE_SHELL_CACHE]);
      for (const name of await caches.keys()) if (!kept.has(name)) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

/** The stored copy, marked as such, or the network's failure when there is none. */
async function copyOr(cacheName: string, key: Request | string, failure: unknown): Promise<Response> {
  const copy = await (await caches.open(cacheName)).match(key);
  if (!copy) throw failure;
  const headers = new Headers(copy.headers);
  headers.set(OFFLINE_COPY_HEADER, '1');
  return new Response(copy.body, { status: copy.status, statusText: copy.statusText, headers });
}

/** A page of the app (not a file download opened as a page): the only kind of navigation kept as the shell. */
const isPage = (response: Response) =>
  (response.headers.get('content-type') ?? '').startsWith('text/html') &&
  !isFirstScreenPath(new URL(response.url).pathname);
const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('json');

async function networkFirst(
  request: Request,
  cacheName: string,
  key: Request | string,
  keep: (response: Response) => boolean,
): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status === 200 && keep(response)) {
      const copy = response.clone();
      void caches.open(cacheName).then((cache) => cache.put(key, copy));
    }
    return response;
  } catch (failure) {
    return copyOr(cacheName, key, failure);
  }
}

/**
 * A reference read: its copy (one per address and interface language) is given at once, and fetched again behind it
 * when older than REFERENCE_REVALIDATE_MS, for the next visit; without a copy, the network. A warm visit on a slow
 * link does not wait a round trip for data that changes a few times a year. The copies live in the API cache: a
 * session that starts or ends forgets them with the rest.
 */
async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const { request } = event;
  // Not a #fragment: the cache ignores those when it matches.
  const keyUrl = new URL(request.url);
  keyUrl.searchParams.set('sw-language', request.headers.get('accept-language') ?? '');
  const key = keyUrl.href;
  const cache = await caches.open(OFFLINE_API_CACHE);
  const copy = await cache.match(key);
  const refresh = () =>
    fetch(request).then((response) => {
      if (response.status === 200 && isJson(response)) void cache.put(key, response.clone());
      return response;
    });
  if (!copy) return refresh();
  // The copy's age from its Date header (the worker may have been stopped and started since it was kept).
  const age = Date.now() - (Date.parse(copy.headers.get('date') ?? '') || 0);
  if (!(age <= REFERENCE_REVALIDATE_MS)) event.waitUntil(refresh().catch(() => undefined));
  return copy;
}

/** The early script's copy at once, fetched again behind it; the network when there is no copy. */
async function earlyScript(event: FetchEvent): Promise<Response> {
  const cache = await caches.open(OFFLINE_SHELL_CACHE);
  const copy = await cache.match(EARLY_SCRIPT);
  const refresh = fetch(event.request).then((response) => {
    if (response.status === 200) void cache.put(EARLY_SCRIPT, response.clone());
    return response;
  });
  if (!copy) return refresh;
  event.waitUntil(refresh.catch(() => undefined));
  return copy;
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(OFFLINE_SHELL_CACHE);
  const copy = await cache.match(request);
  if (copy) return copy;
  const response = await fetch(request);
  if (response.status === 200) void cache.put(request, response.clone());
  return response;
}

/** A start call from the network, never kept itself; its parts answered 200 kept as their own calls' copies. */
async function keepStartParts(event: FetchEvent, copies: Record<string, string>): Promise<Response> {
  const response = await fetch(event.request);
  if (response.status !== 200 || !isJson(response)) return response;
  const parts = response
    .clone()
    .json()
    .then(async (json: { payload?: Record<string, { status?: number; body?: unknown }> }) => {
      const cache = await caches.open(OFFLINE_API_CACHE);
      for (const [name, path] of Object.entries(copies)) {
        const part = json.payload?.[name];
        if (part?.status !== 200) continue;
        const headers = { 'content-type': 'application/json; charset=utf-8', date: new Date().toUTCString() };
        await cache.put(
          new URL(path, worker.location.origin).href,
          new Response(JSON.stringify(part.body), { headers }),
        );
      }
    })
    .catch(() => undefined);
  event.waitUntil(parts);
  return response;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/api/')) {
    const start = START_CALLS.map((call) => ({ call, match: call.path.exec(url.pathname) })).find((s) => s.match);
    if (start?.match && request.mode !== 'navigate')
      event.respondWith(keepStartParts(event, start.call.copies(start.match[1] ?? '')));
    else if (request.mode !== 'navigate' && REFERENCE_READS.test(url.pathname))
      event.respondWith(staleWhileRevalidate(event));
    else if (request.mode !== 'navigate' && OFFLINE_READS.some((read) => read.test(url.pathname)))
      event.respondWith(networkFirst(request, OFFLINE_API_CACHE, request, isJson));
  } else if (request.mode === 'navigate') {
    event.respondWith(networkFirst(request, OFFLINE_SHELL_CACHE, SHELL_KEY, isPage));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  } else if (url.pathname === EARLY_SCRIPT) {
    event.respondWith(earlyScript(event));
  }
});
