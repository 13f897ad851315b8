import type { FastifyRequest } from 'fastify';

/** Query parameters whose values are secrets: single-use links (reset, invitation), codes and tokens. */
const SECRET_PARAMS = /^(token|code|password|secret|key|access_token|refresh_token|mfa_token|id_token|ticket)$/i;

/** A request URL with the value of every secret query parameter replaced, e.g. /reset?token=[redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // a malformed name is compared as written
      }
      return SECRET_PARAMS.test(name) ? `${pair.slice(0, eq)}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Fastify's request serializer without secrets in the URL (its headers, Authorization included, are never logged). */
export function requestSerializer(req: FastifyRequest): Record<string, string | number | undefined> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Paths of logged objects that may hold secrets, for pino's redact. */
export const REDACTED_LOG_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.code',
  'req.body.token',
  'req.body.refresh_token',
  'req.body.mfa_token',
  'req.body.newPassword',
  'req.body.confirmPassword',
];

/** The table a failed statement wrote to, read from its SQL text (which holds placeholders, never values). */
function tableOf(query: unknown): string | undefined {
  if (typeof query !== 'string') return undefined;
  return /^\s*(?:insert\s+into|update|delete\s+from)\s+"?([\w.]+)"?/i.exec(query)?.[1];
}

/** The stack's frames only: its first lines repeat the message, which for a query holds every parameter. */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((l) => /^\s+at /.test(l))
        .join('\n')
    : '';

/** An error as it is logged (the shape pino's serializers give). */
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as pino logs it by default: type, message, stack, code and status, and its cause the same way. */
function plainError(err: Error, depth = 0): LoggedError {
  const { code, statusCode, cause } = err as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  const out: LoggedError = {
    type: err.constructor?.name ?? 'Error',
    message: err.message,
    stack: err.stack ?? '',
  };
  if (code !== undefined) out.code = code;
  if (statusCode !== undefined) out.statusCode = statusCode;
  if (cause instanceof Error && depth < 3) out.cause = errorSerializer(cause);
  return out;
}

/**
 * Pino's `err` serializer, with database errors cut down to what an operator needs: the driver's code and message,
 * the table and constraint. A failed query's own message lists all its parameters (a new argon2 hash, a whole offer
 * document), and the driver's `detail` quotes the offending values: neither is logged.
 */
export function errorSerializer(err: unknown): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const withQuery = err as Error & { query?: unknown; params?: unknown; cause?: unknown };
  const driver = (withQuery.cause ?? err) as Error & {
    code?: unknown;
    table?: unknown;
    constraint?: unknown;
    column?: unknown;
  };
  const failedQuery = 'params' in withQuery;
  const isDatabase = failedQuery || (typeof driver.code === 'string' && /^[0-9A-Z]{5}$/.test(driver.code));
  if (!isDatabase) return plainError(err);
  const out: LoggedError = {
    type: withQuery.constructor?.name ?? 'Error',
    code: driver.code,
    message: driver === err && failedQuery ? 'database query failed' : driver.message,
    table: driver.table ?? tableOf(withQuery.query),
    constraint: driver.constraint,
    column: driver.column,
    stack: framesOf(err.stack),
  };
  for (const key of Object.keys(out)) if (out[key] === undefined) delete out[key];
  return out;
}
