import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode, OAuthErrorBody } from '@portal/shared';
import { refusalOf } from '../../http-errors.js';

/** The `error` values of RFC 6749 section 5.2 the token endpoint answers with (and two of section 4.1.2.1). */
type OAuthError = OAuthErrorBody['error'];

/** The realm the token endpoint names when it refuses a client (WWW-Authenticate). */
export const OAUTH_REALM = 'Services negotiation portal';

/** Refusals of the grant itself: the password, the mailed code, the two-step token or the refresh token. */
const GRANT_REFUSED = new Set<ErrorCode>(['BAD_CREDENTIALS', 'BAD_CODE', 'ACCOUNT_DISABLED', 'UNAUTHORIZED']);

/**
 * The RFC 6749 status and `error` of a portal refusal on the token endpoint: 401 invalid_client for the client,
 * 400 invalid_grant for a grant refused, 400 unsupported_grant_type, 400 invalid_request for anything malformed
 * (a missing field, a challenge to solve). A sign-in delay keeps 429 and a database out of reach 503, each with its
 * Retry-After (temporarily_unavailable: the same request later may succeed); another failure of the server keeps its
 * 5xx (server_error).
 */
export function oauthErrorOf(code: ErrorCode, status: number): { status: number; error: OAuthError } {
  if (code === 'INVALID_CLIENT') return { status: 401, error: 'invalid_client' };
  if (code === 'UNSUPPORTED_GRANT_TYPE') return { status: 400, error: 'unsupported_grant_type' };
  if (GRANT_REFUSED.has(code)) return { status: 400, error: 'invalid_grant' };
  if (status === 429 || status === 503) return { status, error: 'temporarily_unavailable' };
  // Refused by HTTP before any OAuth reading (a body too large, not a form): the status says why.
  if (status === 413 || status === 415) return { status, error: 'invalid_request' };
  if (status >= 500) return { status, error: 'server_error' };
  return { status: 400, error: 'invalid_request' };
}

/**
 * The token endpoint's error handler: the standard `error` and `error_description` for OAuth clients, and beside
 * them the portal's `code` and `message`, which the web app reads (sign-in challenges, delays, disabled accounts).
 */
export function oauthErrorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const refusal = refusalOf(error, req);
  const { status, error: oauthError } = oauthErrorOf(refusal.body.code, refusal.status);
  if (refusal.retryAfterSeconds !== undefined) void reply.header('retry-after', String(refusal.retryAfterSeconds));
  if (oauthError === 'invalid_client') void reply.header('www-authenticate', `Basic realm="${OAUTH_REALM}"`);
  void reply.status(status).send({ error: oauthError, error_description: refusal.body.message, ...refusal.body });
}

/** Token answers are never kept by a browser or a proxy (RFC 6749 section 5.1). */
export function noStore(
  _req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (e: null, p: unknown) => void,
) {
  void reply.header('cache-control', 'no-store');
  void reply.header('pragma', 'no-cache');
  done(null, payload);
}

/**
 * The client id and secret of an HTTP Basic header. Each is form-encoded before the two are joined (RFC 6749
 * section 2.3.1), so `portal%2Dweb` is `portal-web`; null when the header is absent or malformed.
 */
export function basicClientCredentials(header: string | undefined): { id: string; secret: string } | null {
  const [scheme, encoded, ...rest] = (header ?? '').trim().split(/\s+/);
  if (scheme?.toLowerCase() !== 'basic' || !encoded || rest.length > 0) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const separator = decoded.indexOf(':');
  if (separator < 0) return null;
  const formDecode = (value: string) => decodeURIComponent(value.replace(/\+/g, ' '));
  try {
    return { id: formDecode(decoded.slice(0, separator)), secret: formDecode(decoded.slice(separator + 1)) };
  } catch {
    return null;
  }
}
