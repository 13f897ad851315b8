import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor, AppContext } from '../../context.js';
import type { OfferMeta } from '../../db/schema/index.js';
import { etagOf } from '../../lib/conditional-get.js';
import { seesDraft } from './access.js';

/** Instances tell each other to forget an offer's answers over this broker channel (never offered to clients). */
export const OFFER_DROP_DESTINATION = '/internal/offer-cache';

/** Most characters of JSON kept at once (~64 MB as UTF-16 at most); past it the oldest answers go. */
const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;
/** Most offer rows kept (one offer per country: far more than there are). */
const MAX_ROWS = 10_000;

export interface CachedAnswer {
  /** The whole answer as sent: `{"payload":{…offer…}}`. */
  json: string;
  etag: string;
  /** Its brotli and gzip copies, made on the first request that accepts each. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';

interface Entry extends CachedAnswer {
  stamp: string;
  expiresAt: number;
}

/**
 * The answers of GET /offers/:id as sent, so that a read of an unchanged offer costs one light query (the offer's row:
 * access check and stamp) instead of five and the decoding and re-encoding of its document.
 *
 * Keyed by offer and by how the actor sees it: one answer per role for those who see the draft (the offer's country
 * and the secretariat: permissions follow the role), one for everybody else (the latest submitted version, no
 * permission). The offer's row is part of the entry (`stamp`): a save, a submission or a review changes the row, so the
 * next read misses on every instance without any message. What the row does not hold is dropped by event: a counter
 * offer sent (respondedBy), here and through the broker on the other instances. Authors' and countries' names changed
 * elsewhere show after at most the time limit. `epoch` moves on every drop so that a read that began before a drop is
 * not kept.
 */
export class OfferCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rows = new Map<string, OfferMeta>();
  /** Answers being built, by key and stamp: concurrent misses of one answer share one load. */
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private chars = 0;
  private generation = 0;

  /**
   * `keepRows`: this instance is the only one writing offers (the embedded database): the offers' rows are kept too,
   * dropped by the offer services after each change, and a read of an unchanged offer asks the database nothing.
   */
  constructor(
    private readonly ttlSeconds: number,
    private readonly keepRows = false,
    private readonly maxChars = DEFAULT_MAX_CHARS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The offer's row (without its document), kept when `keepRows`, else read each time with `load`. */
  async row(id: string, load: () => Promise<OfferMeta | undefined>): Promise<OfferMeta | undefined> {
    if (!this.enabled || !this.keepRows) return load();
    const kept = this.rows.get(id);
    if (kept) return kept;
    const epoch = this.generation;
    const row = await load();
    if (row && epoch === this.generation && this.rows.size < MAX_ROWS) this.rows.set(id, row);
    return row;
  }

  get enabled(): boolean {
    return this.ttlSeconds > 0;
  }

  /** Read before the offer is loaded and given back to `remember`. */
  get epoch(): number {
    return this.generation;
  }

  /** Where the answer for this actor and offer row is kept, and the stamp it must match. */
  keyOf(actor: Actor, row: OfferMeta): { key: string; stamp: string } {
    return {
      key: `${row.id}|${seesDraft(actor, row) ? `draft|${actor.role}` : 'shown'}`,
      stamp: JSON.stringify(row),
    };
  }

  recall(key: string, stamp: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || entry.expiresAt <= this.now()) {
      this.delete(key, entry);
      return undefined;
    }
    return entry;
  }

  /**
   * The kept answer, or the one `build` makes (then kept). Requests that miss the same answer while it is being built
   * wait for that one build instead of each loading the offer: when a much-read offer's answer expires, a hundred
   * connections would otherwise load it a hundred times over, one after another on the embedded database (the p99 of
   * issue 16 at 100 connections). A drop forgets the builds under way, so a read after it loads afresh.
   */
  async answer(key: string, stamp: string, build: () => Promise<string>): Promise<CachedAnswer> {
    const kept = this.recall(key, stamp);
    if (kept) return kept;
    const epoch = this.generation;
    if (!this.enabled) return this.remember(key, stamp, await build(), epoch);
    const flight = `${key}\n${stamp}`;
    let pending = this.loading.get(flight);
    if (!pending) {
      const started = build().then((json) => this.remember(key, stamp, json, epoch));
      pending = started.finally(() => {
        if (this.loading.get(flight) === pending) this.loading.delete(flight);
      });
      this.loading.set(flight, pending);
    }
    return pending;
  }

  remember(key: string, stamp: string, json: string, epoch: number): CachedAnswer {
    const entry: Entry = { json, etag: etagOf(json), stamp, expiresAt: this.now() + this.ttlSeconds * 1000 };
    if (!this.enabled || epoch !== this.generation || json.length > this.maxChars) return entry;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    while (this.chars + json.length > this.maxChars) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.delete(oldestKey, oldest);
    }
    this.entries.set(key, entry);
    this.chars += json.length;
    return entry;
  }

  /** Forgets every answer of an offer on this instance. */
  drop(offerId: string): void {
    this.generation++;
    this.rows.delete(offerId);
    for (const [key, entry] of this.entries) if (key.startsWith(`${offerId}|`)) this.delete(key, entry);
    for (const flight of this.loading.keys()) if (flight.startsWith(`${offerId}|`)) this.loading.delete(flight);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, entry: Entry) {
    this.entries.delete(key);
    this.chars -= entry.json.length;
  }
}

/** The answer each request is sent from memory, for `sendEncoded`. */
const sentAnswers = new WeakMap<FastifyRequest, CachedAnswer>();

/** Sends a kept answer (JSON as it is, with its tag); `sendEncoded` then sends its compressed copy where accepted. */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  sentAnswers.set(req, answer);
  // Already JSON: Fastify sends a string with a JSON content type as it is (the schema stays for the documentation).
  return reply
    .header('etag', answer.etag)
    .type('application/json; charset=utf-8')
    .send(answer.json as never);
}

/** The encoding @fastify/compress would choose for the API (br, else gzip), if the client accepts one. */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const accepted = new Set(
    String(header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
      .map(([name]) => name.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/**
 * Route onSend hook, after conditionalGet and before the compression of answers: a kept answer goes out as its
 * compressed copy, made once per entry (brotli at the quality @fastify/compress uses, gzip at zlib's default), instead
 * of being compressed again on every read. The bytes decompress to the same JSON; the headers are those the plugin sets.
 */
export async function sendEncoded(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const answer = sentAnswers.get(req);
  if (!answer || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
  if (req.headers['x-no-compression'] !== undefined) return payload;
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return payload;
  answer.encoded ??= {};
  const body = (answer.encoded[encoding] ??=
    encoding === 'br'
      ? zlib.brotliCompressSync(payload, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
      : zlib.gzipSync(payload));
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding|\*/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
  reply.header('content-encoding', encoding).header('content-length', body.length);
  return body;
}

/**
 * Drops an offer's answers when something outside its row changes what is shown: here at once, then on the other
 * instances through the broker. The publications in flight are kept so that the answer of the call that caused them
 * waits for them (`settled`, an onSend hook in app.ts), as the session cache does.
 */
export class OfferCacheSync {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    const { ctx } = this;
    if (!ctx.offerCache.enabled) return;
    await ctx.realtime.broker.subscribe(OFFER_DROP_DESTINATION, (message) => ctx.offerCache.drop(message.body));
    ctx.events.on('offer.responded', ({ offerId }) => this.drop(offerId));
  }

  drop(offerId: string): void {
    this.ctx.offerCache.drop(offerId);
    const published = this.ctx.realtime.broker
      .publish({ destination: OFFER_DROP_DESTINATION, headers: {}, body: offerId })
      .catch((err: unknown) => this.ctx.log.error({ err }, 'offer cache drop not published'));
    this.inFlight.add(published);
    void published.finally(() => this.inFlight.delete(published));
  }

  get pending(): number {
    return this.inFlight.size;
  }

  /** Resolves once every drop published so far has reached the broker. */
  async settled(): Promise<void> {
    if (this.inFlight.size) await Promise.all([...this.inFlight]);
  }
}
