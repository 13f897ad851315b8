import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The entity tags an If-None-Match names (weak and strong compare alike, RFC 9110 §13.1.2); `*` matches any. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** The weak entity tag of an answer's bytes. */
export function etagOf(payload: string): string {
  return `W/"${crypto.createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

/**
 * Route onSend hook for a GET whose answer is large and seldom changes (an offer): the answer carries an ETag made from
 * its bytes and `Cache-Control: private, no-cache`, so the browser keeps it and asks again with If-None-Match; when
 * nothing changed the answer is a 304 with no body. A hash of the body, not the offer's revision: what one user is
 * shown also changes with a review, a response or a language, and it differs from one user to another.
 * The tag is weak: the same JSON is sent as br, gzip or plain.
 */
export async function conditionalGet(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (req.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  // An answer kept in memory comes with its tag already set (offers/cache.ts).
  const etag = (reply.getHeader('etag') as string | undefined) ?? etagOf(payload);
  reply.header('etag', etag).header('cache-control', 'private, no-cache');
  if (!matches(req.headers['if-none-match'], etag)) return payload;
  reply.code(304).removeHeader('content-type').removeHeader('content-length');
  return null;
}
