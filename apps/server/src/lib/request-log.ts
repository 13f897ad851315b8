import type { FastifyInstance, FastifyRequest } from 'fastify';
import pino from 'pino';
import { redactUrl } from './log-redaction.js';

/**
 * Where the log goes: standard output (or a file, for the benchmark), written asynchronously: a line is handed to the
 * kernel off the request's path, together with the lines written while the previous write was under way, instead of
 * one blocking write per line (most of what the request log cost a cheap call). Whatever is still waiting is written
 * before the process exits (pino flushes its destinations on exit).
 */
export function logDestination(dest: number | string = 1): NodeJS.WritableStream {
  return pino.destination({ dest, sync: false }) as unknown as NodeJS.WritableStream;
}

/** The web app's built files and the favicon: logged at debug only (a page load asks for dozens of them). */
const STATIC_FILE = /^\/(?:assets\/|favicon)/;

/** The level a finished request is logged at. */
export function requestLogLevel(req: Pick<FastifyRequest, 'url'>): 'debug' | 'info' {
  return STATIC_FILE.test(req.url) ? 'debug' : 'info';
}

/**
 * One log line per answered request instead of Fastify's two (an "incoming request" line with the request serializer
 * and a "request completed" line): method, URL with its secret query values redacted, status and duration in ms,
 * beside the request id Fastify adds to every line of the request. Fastify's own request logging must be off
 * (`disableRequestLogging: true`). Headers, and so tokens and cookies, are never logged.
 */
export function logResponses(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    const level = requestLogLevel(req);
    // Fastify's logger is pino's: nothing is built for a level that is off.
    if ((req.log as unknown as { isLevelEnabled(level: string): boolean }).isLevelEnabled(level)) {
      req.log[level](
        { method: req.method, url: redactUrl(req.url), status: reply.statusCode, ms: +reply.elapsedTime.toFixed(1) },
        'request',
      );
    }
    done();
  });
}
