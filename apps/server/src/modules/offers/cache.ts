import type { Actor, AppContext } from '../../context.js';
import type { OfferMeta } from '../../db/schema/index.js';
import { etagOf } from '../../lib/conditional-get.js';
import { seesDraft } from './access.js';

/** Instances tell each other to forget an offer's answers over this broker channel (never offered to clients). */
export const OFFER_DROP_DESTINATION = '/internal/offer-cache';

/** Most characters of JSON kept at once (~64 MB as UTF-16 at most); past it the oldest answers go. */
const DEFAULT_MAX_CHARS = 32 * 1024 * 1024;

export interface CachedAnswer {
  /** The whole answer as sent: `{"payload":{…offer…}}`. */
  json: string;
  etag: string;
}

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
  private chars = 0;
  private generation = 0;

  constructor(
    private readonly ttlSeconds: number,
    private readonly maxChars = DEFAULT_MAX_CHARS,
    private readonly now: () => number = Date.now,
  ) {}

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

  remember(key: string, stamp: string, json: string, epoch: number): CachedAnswer {
    const answer = { json, etag: etagOf(json) };
    if (!this.enabled || epoch !== this.generation || json.length > this.maxChars) return answer;
    const old = this.entries.get(key);
    if (old) this.delete(key, old);
    while (this.chars + json.length > this.maxChars) {
      const [oldestKey, oldest] = this.entries.entries().next().value!;
      this.delete(oldestKey, oldest);
    }
    this.entries.set(key, { ...answer, stamp, expiresAt: this.now() + this.ttlSeconds * 1000 });
    this.chars += json.length;
    return answer;
  }

  /** Forgets every answer of an offer on this instance. */
  drop(offerId: string): void {
    this.generation++;
    for (const [key, entry] of this.entries) if (key.startsWith(`${offerId}|`)) this.delete(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string, entry: Entry) {
    this.entries.delete(key);
    this.chars -= entry.json.length;
  }
}

/** Drops an offer's answers when something outside its row changes what is shown: here at once, then elsewhere. */
export async function syncOfferCache(ctx: AppContext): Promise<void> {
  if (!ctx.offerCache.enabled) return;
  await ctx.realtime.broker.subscribe(OFFER_DROP_DESTINATION, (message) => ctx.offerCache.drop(message.body));
  ctx.events.on('offer.responded', async ({ offerId }) => {
    ctx.offerCache.drop(offerId);
    await ctx.realtime.broker.publish({ destination: OFFER_DROP_DESTINATION, headers: {}, body: offerId });
  });
}
