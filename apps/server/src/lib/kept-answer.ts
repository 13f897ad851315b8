import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Encoding = 'br' | 'gzip';

/**
 * An answer kept in memory as sent (an offer, a user's notification popover): its JSON, made once, its UTF-8 bytes and
 * its compressed copies, made once each. Sent by `sendAnswer`, as bytes by the route's `sendEncoded` hook.
 */
export interface CachedAnswer {
  /** The whole answer as sent: `{"payload":{…}}`. */
  json: string;
  /** Its entity tag, for the answers that are asked again with If-None-Match (lib/conditional-get.ts). */
  etag?: string;
  /** Its brotli and gzip copies, made on the first request that accepts each (off the request loop). */
  encoded?: Partial<Record<Encoding, Promise<Buffer>>>;
  /**
   * The JSON as UTF-8, made on the first request that accepts no compression: a string is encoded again on every
   * write to the socket (a third of the server's time for a 150-sector offer read by 100 connections).
   */
  bytes?: Buffer;
}

/** The answer each request is sent from memory, for `sendEncoded`. */
const sentAnswers = new WeakMap<FastifyRequest, CachedAnswer>();

/**
 * Sends a kept answer (JSON as it is, with its tag); `sendEncoded` then sends its compressed copy where accepted, else
 * its bytes. The JSON goes through the hooks before it as a string (the ETag's 304, tests reading answers).
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  sentAnswers.set(req, answer);
  if (answer.etag) reply.header('etag', answer.etag);
  // Already JSON: Fastify sends a string with a JSON content type as it is (the schema stays for the documentation).
  return reply.type('application/json; charset=utf-8').send(answer.json as never);
}

/** The encoding @fastify/compress would choose for the API (br, else gzip), if the client accepts one. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name = '']) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A kept answer compressed in libuv's threads rather than on the request loop: a 150-sector offer takes milliseconds
 * to compress, once after each save, and the requests that ask for it meanwhile wait for that one compression.
 */
function compressed(encoding: Encoding, json: string): Promise<Buffer> {
  return encoding === 'br' ? brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzip(json);
}

/** Below this, an answer goes as it is (the threshold of the API's compression, lib/web-app.ts). */
const THRESHOLD = 1024;

/**
 * Route onSend hook, after conditionalGet and before the compression of answers: a kept answer goes out as its
 * compressed copy, made once per entry (brotli at the quality @fastify/compress uses, gzip at zlib's default), instead
 * of being compressed again on every read, or as its UTF-8 bytes, made once, where no compression is accepted. The
 * bytes decompress to the same JSON; the headers are those the plugin sets.
 */
export async function sendEncoded(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const answer = sentAnswers.get(req);
  if (!answer || payload !== answer.json || reply.statusCode !== 200) return payload;
  const encoding =
    req.headers['x-no-compression'] !== undefined || payload.length < THRESHOLD
      ? null
      : acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return (answer.bytes ??= Buffer.from(payload));
  answer.encoded ??= {};
  const body = await (answer.encoded[encoding] ??= compressed(encoding, payload));
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  return body;
}
