import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';

/** Vite names every file under assets/ by a hash of its content: a new build gives new names. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html names the current build's assets, and sw.js is the service worker of that build: the browser asks again
 * (a 304 when unchanged) on every visit.
 */
const REVALIDATE = 'no-cache';
/** Files of public/ (favicon, flags) keep their names from one build to the next. */
const SHORT = 'public, max-age=3600';

/** The Cache-Control of one file of the built web app (`file` is its path on disk, maybe a .br or .gz copy). */
export function webCacheControl(webDist: string, file: string): string {
  const relative = path.relative(webDist, file).split(path.sep).join('/');
  if (relative.startsWith('assets/')) return IMMUTABLE;
  if (/\.html(?:\.br|\.gz)?$/.test(relative) || /^sw\.js(?:\.br|\.gz)?$/.test(relative)) return REVALIDATE;
  return SHORT;
}

/**
 * Serves the built web app: the .br or .gz copy written at build time when the browser accepts it (Vary:
 * Accept-Encoding), hashed assets cached for a year, index.html revalidated. Also gives `reply.sendFile`, which the
 * not-found handler uses for the single-page app's routes.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', webCacheControl(webDist, file));
    },
  });
}

/**
 * Text the API writes (JSON, CSV, plain text): compressed. Not octet-stream, unlike the plugin's default, since an
 * uploaded file of unknown type is most often an archive or a scan; PDF, Office files and images are already
 * compressed and never match.
 */
const COMPRESSIBLE = /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/;

/**
 * Compresses answers of 1 KB and more (br, else gzip, per Accept-Encoding; Vary: Accept-Encoding) for every route
 * registered after it. Brotli at quality 4: a fraction of the cost of 11 for most of the gain on JSON. Request bodies
 * are not decompressed: the web app never compresses them.
 */
export async function compressAnswers(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    globalDecompression: false,
  });
}
