import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERROR_CATALOGUE, MESSAGES, type CataloguedErrorCode, type ErrorCode } from '@portal/shared';
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

/** The catalogued code a schema's rule names for its refusal (a custom issue's `params.refusal`), if it is a 400. */
function ruleCode(params: unknown): CataloguedErrorCode | null {
  const refusal = (params as { params?: { refusal?: unknown } } | undefined)?.params?.refusal;
  if (typeof refusal !== 'string' || !Object.hasOwn(ERROR_CATALOGUE, refusal)) return null;
  const code = refusal as CataloguedErrorCode;
  return ERROR_CATALOGUE[code].status === 400 ? code : null;
}

/**
 * The first problem of a refused body: its message exactly as the schema words it (the spec's messages arrive
 * unchanged, e.g. 'Invalid email address') and, apart, the path of the field it is about ('0.email'). A rule with a
 * code of its own (SECTOR_DUPLICATE) answers that code instead of VALIDATION, so clients can tell it apart.
 */
function validationBody(error: FastifyError): { message: string; code: ErrorCode; field?: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') ?? '';
    const message = issue?.message ?? 'invalid value';
    const code = ruleCode(issue?.params) ?? 'VALIDATION';
    return field ? { message, code, field } : { message, code };
  }
  return { message: error.message, code: 'VALIDATION' };
}

/**
 * PostgreSQL's refusals of a value the sender chose (a character text cannot hold, a malformed number or id): the
 * guard in lib/hostile-input.ts stops most before any query, this is the net for what it cannot see.
 */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '54001']);

/** An error and the errors it wraps (`cause`), at most five deep. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let i = 0; e && i < 5; i++, e = e.cause as typeof e) yield e;
}

function sqlState(error: unknown): string | undefined {
  for (const e of causes(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/**
 * The database out of reach: refused or reset connections, a connect that timed out, the server shutting down or
 * full (SQLSTATE class 08, 57P01–57P03, 53300). Said as 503 UNAVAILABLE with Retry-After, not as a failure of the
 * portal: the same request a little later may succeed.
 */
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE']);
const UNREACHABLE_SQLSTATES = /^(08...|57P0[123]|53300)$/;
const UNREACHABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function databaseUnreachable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string' && (UNREACHABLE_ERRNOS.has(code) || UNREACHABLE_SQLSTATES.test(code))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is out of reach. */
const UNREACHABLE_RETRY_SECONDS = 5;

/** What a failed request answers: its status, its `{ message, code }` body, and Retry-After when it has one. */
export interface Refusal {
  status: number;
  body: { message: string; code: ErrorCode; field?: string; payload?: unknown };
  retryAfterSeconds?: number;
}

/** The answer to any error: a refusal by code with its status; a 500 never shows a stack trace (it is logged). */
export function refusalOf(error: FastifyError, req: FastifyRequest): Refusal {
  if (error instanceof AppError) {
    const payload = error.payload === undefined ? {} : { payload: error.payload };
    return {
      status: error.status,
      body: { message: error.message, code: error.code, ...payload },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  if (error.validation) return { status: 400, body: validationBody(error) };
  const status = error.statusCode ?? 500;
  if (status === 429) return { status, body: { message: MESSAGES.tooManyRequests, code: 'RATE_LIMITED' } };
  if (status >= 400 && status < 500) {
    // Fastify's own messages (bad JSON, body too large, unsupported type) are safe and say what is wrong.
    return { status, body: { message: error.message, code: STATUS_CODES[status] ?? 'VALIDATION' } };
  }
  const state = sqlState(error);
  if (state && INPUT_SQLSTATES.has(state)) {
    req.log.warn({ sqlState: state }, 'input refused by the database');
    return { status: 400, body: { message: ERROR_CATALOGUE.MALFORMED_INPUT.message, code: 'MALFORMED_INPUT' } };
  }
  if (databaseUnreachable(error)) {
    req.log.error({ err: error }, 'database unreachable');
    return {
      status: 503,
      body: { message: MESSAGES.unavailable, code: 'UNAVAILABLE' },
      retryAfterSeconds: UNREACHABLE_RETRY_SECONDS,
    };
  }
  req.log.error({ err: error }, 'request failed');
  return { status: 500, body: { message: MESSAGES.genericError, code: 'INTERNAL' } };
}

/** Every refusal is `{ message, code }` with its status (refusalOf). */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const { status, body, retryAfterSeconds } = refusalOf(error, req);
  if (retryAfterSeconds !== undefined) void reply.header('retry-after', String(retryAfterSeconds));
  return reply.status(status).send(body);
}

/**
 * Unknown API and /.well-known/ paths are JSON 404s; a known API path called with a method it does not answer is a
 * 405 whose Allow header lists the methods it does (`allowedMethods`, lib/allowed-methods.ts). Any other GET is the
 * web app, which shows its own not-found page.
 */
export function notFoundHandler(webDist: string, allowedMethods: (path: string) => string[] = () => []) {
  const indexFile = path.join(webDist, 'index.html');
  return (req: FastifyRequest, reply: FastifyReply) => {
    const [url = ''] = req.url.split('?');
    if (url.startsWith('/api/')) {
      const allowed = allowedMethods(url);
      if (allowed.length > 0 && !allowed.includes(req.method)) {
        const { status, message } = ERROR_CATALOGUE.METHOD_NOT_ALLOWED;
        return reply.status(status).header('allow', allowed.join(', ')).send({ message, code: 'METHOD_NOT_ALLOWED' });
      }
    }
    // /.well-known/ is where software looks for published metadata (RFC 8615): nothing is published there, so a
    // client asking (an OAuth or OpenID discovery) reads a 404, not the web app's page as if it were a document.
    const notAPage = url.startsWith('/api') || url.startsWith('/.well-known/');
    if (notAPage || (req.method !== 'GET' && req.method !== 'HEAD') || !fs.existsSync(indexFile)) {
      return reply.status(404).send({ message: MESSAGES.notFound, code: 'NOT_FOUND' });
    }
    // The web app is served (lib/web-app.ts): index.html as built (.br/.gz), revalidated, 304 when unchanged.
    if (typeof reply.sendFile === 'function') return reply.sendFile('index.html');
    return reply.type('text/html').header('cache-control', 'no-cache').send(fs.createReadStream(indexFile));
  };
}
