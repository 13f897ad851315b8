import { and, eq, gt, sql } from 'drizzle-orm';
import type { Actor, AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { offerLeases } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';

// The edit lease of an offer: one session at a time holds the pen, renewed by its heartbeat over /topic/offer-edit
// (edit-announcements.ts). Whether the actor may edit the offer at all is checked by the caller (service.ts).

const notOpen = () => refusal('NOT_OPEN');

/**
 * The refusal when a live lease of the offer is held by another session: OFFER_OPEN_IN_OTHER_SESSION when that session
 * is the actor's own (another browser or machine), NOT_OPEN when it is another user's; null when the actor's session
 * holds it or nobody does. `lock` (inside a transaction) keeps the lease row until the commit, so that a takeover
 * waits for a save that has passed this check, and a save after a takeover sees it.
 */
export async function leaseRefusal(db: Db | Tx, actor: Actor, offerId: string, lock = false) {
  const query = db
    .select()
    .from(offerLeases)
    .where(and(eq(offerLeases.offerId, offerId), gt(offerLeases.expiresAt, new Date())));
  const [lease] = lock ? await query.for('update') : await query;
  if (!lease || lease.sessionId === actor.sessionId) return null;
  return lease.userId === actor.id ? refusal('OFFER_OPEN_IN_OTHER_SESSION') : notOpen();
}

/** What GET checkOpenOffer and the takeover answer: the lease and how often to renew it. */
function leaseAnswer(ctx: AppContext, id: string, expiresAt: Date) {
  return {
    offerId: id,
    expiresAt: expiresAt.toISOString(),
    heartbeatSeconds: Math.max(1, Math.floor(ctx.config.offerLeaseSeconds / 3)),
  };
}

/**
 * Takes or renews the edit lease for the actor's session; refused (OFFER_OPEN_IN_OTHER_SESSION or NOT_OPEN, see
 * leaseRefusal) while another session holds it, with nothing changed.
 */
export async function takeLease(ctx: AppContext, actor: Actor, id: string) {
  const expiresAt = new Date(Date.now() + ctx.config.offerLeaseSeconds * 1000);
  const taken = await ctx.db
    .insert(offerLeases)
    .values({ offerId: id, userId: actor.id, sessionId: actor.sessionId, expiresAt })
    .onConflictDoUpdate({
      target: offerLeases.offerId,
      set: { userId: actor.id, sessionId: actor.sessionId, expiresAt },
      setWhere: sql`${offerLeases.expiresAt} < now() or ${offerLeases.sessionId} = ${actor.sessionId}`,
    })
    .returning();
  if (taken.length === 0) throw (await leaseRefusal(ctx.db, actor, id)) ?? notOpen();
  return leaseAnswer(ctx, id, expiresAt);
}

/**
 * Moves the edit lease to the actor's session from another session of the same user, or takes it when free. A lease
 * held by another user is NOT_OPEN and stays theirs. The session that lost it is told live ('offer.leaseMoved',
 * lease-moves.ts); its next save is refused with OFFER_OPEN_IN_OTHER_SESSION.
 */
export async function moveLease(ctx: AppContext, actor: Actor, id: string) {
  const expiresAt = new Date(Date.now() + ctx.config.offerLeaseSeconds * 1000);
  const moved = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(offerLeases).where(eq(offerLeases.offerId, id)).for('update');
    const live = before && before.expiresAt > new Date();
    if (live && before.userId !== actor.id) throw notOpen();
    await tx
      .insert(offerLeases)
      .values({ offerId: id, userId: actor.id, sessionId: actor.sessionId, expiresAt })
      .onConflictDoUpdate({
        target: offerLeases.offerId,
        set: { userId: actor.id, sessionId: actor.sessionId, expiresAt },
      });
    return live && before.sessionId !== actor.sessionId ? before.sessionId : null;
  });
  if (moved)
    ctx.events.emit('offer.leaseMoved', {
      offerId: id,
      userId: actor.id,
      fromSessionId: moved,
      toSessionId: actor.sessionId,
    });
  return leaseAnswer(ctx, id, expiresAt);
}

/** Gives the lease back; only the session holding it can (another session's call changes nothing). */
export async function releaseLease(ctx: AppContext, actor: Actor, id: string) {
  await ctx.db.delete(offerLeases).where(and(eq(offerLeases.offerId, id), eq(offerLeases.sessionId, actor.sessionId)));
}
