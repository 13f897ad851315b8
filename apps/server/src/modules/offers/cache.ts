import type { Actor, AppContext } from '../../context.js';
import type { OfferMeta } from '../../db/schema/index.js';
import type { PortalEvents } from '../../events.js';
import { etagOf } from '../../lib/conditional-get.js';
import type { CachedAnswer } from '../../lib/kept-answer.js';
import { seesDraft } from './access.js';

/** Instances tell each other to forget an offer's answers over this broker channel (never offered to clients). */
export const OFFER_DROP_DESTINATION = '/internal/offer-cache';

/**
 * Most characters of JSON kept at once (~64 MB as UTF-16 at most, and the UTF-8 bytes of the answers read without
 * compression besides: about as much again for Latin text); past it the oldest answers go.
 */
const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;
/** Most offer rows kept (one offer per country: far more than there are). */
const MAX_ROWS = 10_000;

interface Entry extends CachedAnswer {
  etag: string;
  stamp: string;
  expiresAt: number;
}

interface Kept<T> {
  value: T;
  expiresAt: number;
}

/** Most lists kept (one per list, role and country). */
const MAX_LISTS = 2_000;

/**
 * The answers of GET /offers/:id as sent, the offers' rows and the offer lists, so that a read of an unchanged offer or
 * list asks the database little or nothing, instead of five queries and the decoding and re-encoding of its document.
 *
 * Answers are keyed by offer and by how the actor sees it: one answer per role for those who see the draft (the
 * offer's country and the secretariat: permissions follow the role), one for everybody else (the latest submitted
 * version, no permission); the offer's row is part of the entry (`stamp`), so a change of the row misses on every
 * instance without any message. Lists are keyed by list and viewer (role and country). Whatever changes an offer (a
 * save, a submission, a review, a creation) or what it shows beside its row (a counter offer sent, a country's state)
 * drops what is kept of it and the lists that may hold it, here at once and on the other instances through the
 * broker (OfferCacheSync). A lone instance keeps rows and lists too (`alone`), so that reading an unchanged offer or list
 * asks the database nothing. Authors' names changed elsewhere show after at most the time limit. `epoch` moves on
 * every drop so that a read that began before a drop is not kept.
 *
 * @cache offer-answers
 * @cache offer-rows
 * @cache offer-lists
 */
export class OfferCache {
  private readonly entries = new Map<string, Entry>();
  private readonly rows = new Map<string, Kept<OfferMeta | undefined>>();
  private readonly lists = new Map<string, Kept<unknown>>();
  /** Answers being built, by key and stamp: concurrent misses of one answer share one load. */
  private readonly loading = new Map<string, Promise<CachedAnswer>>();
  private chars = 0;
  private generation = 0;

  /** Told of every drop made here, to tell the other instances (OfferCacheSync). */
  onDrop: ((offerId: string, countryId?: number) => void) | null = null;

  /**
   * `alone`: this instance is the only one (no Redis to share live messages through, which running several requires),
   * so whatever changes offers happens here and rows and lists can be kept. With others, a change made on another
   * instance reaches this one through the broker a moment after that instance has answered, too late for a read
   * sent right after the answer: rows are then read on every request (the answer kept for a row still serves) and
   * lists are not kept.
   */
  constructor(
    private readonly ttlSeconds: number,
    private readonly alone = true,
    private readonly maxChars = DEFAULT_MAX_CHARS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The offer's row (without its document), kept until the offer changes (when `alone`), or read with `load`. */
  row(id: string, load: () => Promise<OfferMeta | undefined>): Promise<OfferMeta | undefined> {
    return this.alone ? this.keep(this.rows, id, MAX_ROWS, load) : load();
  }

  /**
   * A list as a viewer sees it, kept (when `alone`) until an offer it may hold changes, or read with `load`. `country`:
   * the list holds that country's offers only, else null.
   */
  list<T>(country: number | null, key: string, load: () => Promise<T>): Promise<T> {
    const lists = this.lists as Map<string, Kept<T>>;
    return this.alone ? this.keep(lists, `${country ?? '*'}|${key}`, MAX_LISTS, load) : load();
  }

  private async keep<T>(kept: Map<string, Kept<T>>, key: string, most: number, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const found = kept.get(key);
    if (found && found.expiresAt > this.now()) return found.value;
    const epoch = this.generation;
    const value = await load();
    // An offer not found is not kept: it may be created the next moment.
    if (value === undefined || epoch !== this.generation) return value;
    if (kept.size >= most) kept.clear();
    kept.set(key, { value, expiresAt: this.now() + this.ttlSeconds * 1000 });
    return value;
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
   * connections would otherwise load it a hundred times over, one after another on the embedded database (what set
   * the p99 at 100 connections). A drop forgets the builds under way, so a read after it loads afresh.
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

  /**
   * Forgets what is kept of an offer (`*`: of every offer) and the lists that may hold it (those of its country, when
   * given, and those of all countries), here, then on the other instances (`onDrop`). Called on the events of a write
   * (`dropOnWrites`), never by the services that write.
   */
  drop(offerId: string, countryId?: number): void {
    this.forget(offerId, countryId);
    this.onDrop?.(offerId, countryId);
  }

  /** Forgets what is kept of an offer and the lists that may hold it, on this instance only (see `drop`). */
  forget(offerId: string, countryId?: number): void {
    this.generation++;
    if (countryId === undefined) this.lists.clear();
    else
      for (const key of this.lists.keys())
        if (key.startsWith('*|') || key.startsWith(`${countryId}|`)) this.lists.delete(key);
    if (offerId === '*') {
      this.rows.clear();
      this.loading.clear();
      for (const [key, entry] of this.entries) this.delete(key, entry);
      return;
    }
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

/**
 * The events that tell of a write to an offer, or to what its answer and the lists show; whoever adds such a write
 * emits one of them (`offers/write-events.test.ts` fails on a write that emits none).
 */
export const OFFER_WRITE_EVENTS = [
  'offer.saved',
  'offer.submitted',
  'offer.returned',
  'offer.validated',
  'offer.finalized',
  'offer.responded',
] as const satisfies readonly (keyof PortalEvents)[];

/**
 * Drops what is kept of an offer on each event of a write to it, inside `emit` (`onSync`): the writing call's answer
 * and any read after it miss. A decision on an entry drops the offer when it wrote the draft; a country's activation
 * or deactivation every offer (the lists and answers show whether the country is active).
 */
function dropOnWrites(ctx: AppContext): void {
  const cache = ctx.offerCache;
  for (const name of OFFER_WRITE_EVENTS)
    ctx.events.onSync(name, ({ offerId, countryId }) => cache.drop(offerId, countryId));
  ctx.events.onSync('response.decided', ({ offerId, countryId, draftWritten }) => {
    if (draftWritten) cache.drop(offerId, countryId);
  });
  ctx.events.onSync('country.activeChanged', () => cache.drop('*'));
}

/**
 * Carries the drops of one instance to the others through the broker, and drops an offer's answers on the events of
 * its writes (`dropOnWrites`). The publications in flight are kept so that the answer of the call that caused them waits for them
 * (`settled`, an onSend hook in app.ts), as the session cache does.
 */
export class OfferCacheSync {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly ctx: AppContext) {}

  async start(): Promise<void> {
    const { ctx } = this;
    if (!ctx.offerCache.enabled) return;
    // The body: the offer's id, and its country's when known ("<id> <countryId>").
    await ctx.realtime.broker.subscribe(OFFER_DROP_DESTINATION, (message) => {
      const [offerId = '', countryId] = message.body.split(' ');
      ctx.offerCache.forget(offerId, countryId ? Number(countryId) : undefined);
    });
    ctx.offerCache.onDrop = (offerId, countryId) => this.publish(offerId, countryId);
    dropOnWrites(ctx);
  }

  private publish(offerId: string, countryId?: number): void {
    const body = countryId === undefined ? offerId : `${offerId} ${countryId}`;
    const published = this.ctx.realtime.broker
      .publish({ destination: OFFER_DROP_DESTINATION, headers: {}, body })
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
