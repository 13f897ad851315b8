import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, MESSAGES, type ErrorCode } from '@portal/shared';
import { AppError } from './errors.js';

const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'BUSINESS_RULE',
  429: 'RATE_LIMITED',
};

/**
 * The first problem of a refused body: its message exactly as the schema words it (the spec's messages arrive
 * unchanged, e.g. 'Invalid email address') and, apart, the path of the field it is about ('0.email').
 */
function validationBody(error: FastifyError): { message: string; code: 'VALIDATION'; field?: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const message = issue?.message ?? 'invalid value';
    return field ? { message, code: 'VALIDATION', field } : { message, code: 'VALIDATION' };
  }
  return { message: error.message, code: 'VALIDATION' };
}

/**
 * PostgreSQL's refusals of a value the sender chose (a character text cannot hold, a malformed number or id): the
 * guard in lib/hostile-input.ts stops most before any query, this is the net for what it cannot see.
 */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '54001']);

function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as never, i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** Every refusal is `{ message, code }` with its status; a 500 never shows a stack trace. */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) void reply.header('retry-after', String(error.retryAfterSeconds));
    const payload = error.payload === undefined ? {} : { payload: error.payload };
    return reply.status(error.status).send({ message: error.message, code: error.code, ...payload });
  }
  if (error.validation) {
    return reply.status(400).send(validationBody(error));
  }
  const status = error.statusCode ?? 500;
  if (status === 429) return reply.status(429).send({ message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' });
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'VALIDATION';
    // Fastify's own messages (bad JSON, body too large, unsupported type) are safe and say what is wrong.
    return reply.status(status).send({ message: error.message, code });
  }
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES.has(state)) {
    req.log.warn({ sqlState: state }, 'input refused by the database');
    const { message } = ERROR_CATALOGUE.MALFORMED_INPUT;
    return reply.status(400).send({ message, code: 'MALFORMED_INPUT' });
  }
  req.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ message: MESSAGES.genericError, code: 'INTERNAL' });
}

/**
 * Unknown API paths are JSON 404s; a known API path called with a method it does not answer is a 405 whose Allow
 * header lists the methods it does (`allowedMethods`, lib/allowed-methods.ts). Any other GET is the web app, which
 * shows its own not-found page.
 */
export function notFoundHandler(webDist: string, allowedMethods: (path: string) => string[] = () => []) {
  const indexFile = path.join(webDist, 'index.html');
  return (req: FastifyRequest, reply: FastifyReply) => {
    const url = req.url.split('?')[0];
    if (url.startsWith('/api/')) {
      const allowed = allowedMethods(url);
      if (allowed.length > 0 && !allowed.includes(req.method)) {
        const { status, message } = ERROR_CATALOGUE.METHOD_NOT_ALLOWED;
        return reply.status(status).header('allow', allowed.join(', ')).send({ message, code: 'METHOD_NOT_ALLOWED' });
      }
    }
    if (url.startsWith('/api') || (req.method !== 'GET' && req.method !== 'HEAD') || !fs.existsSync(indexFile)) {
      return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    // The web app is served (lib/web-app.ts): index.html as built (.br/.gz), revalidated, 304 when unchanged.
    if (typeof reply.sendFile === 'function') return reply.sendFile('index.html');
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
  };
}
