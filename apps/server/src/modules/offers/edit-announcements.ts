import { and, eq, gt } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { offerLeases } from '../../db/schema/index.js';

/**
 * The editor's announcements on /topic/offer-edit (the spec's offer workflow) keep its lease: one that it is still
 * editing renews the lease its session holds (as the checkOpenOffer heartbeat does), one that it closed the offer gives
 * the lease back. A lease held by another session, or already expired, is never touched.
 * A session that ends (sign-out, idle logout, password change) gives back every lease it held: its editor can no longer
 * release it, and the same user signing in again must find the offer free, with their local draft to restore.
 */
export function followEditAnnouncements(ctx: AppContext): void {
  ctx.events.on('offer.editing', async ({ offerId, sessionId, editing }) => {
    const held = and(eq(offerLeases.offerId, offerId), eq(offerLeases.sessionId, sessionId));
    if (!editing) {
      await ctx.db.delete(offerLeases).where(held);
      return;
    }
    const expiresAt = new Date(Date.now() + ctx.config.offerLeaseSeconds * 1000);
    await ctx.db
      .update(offerLeases)
      .set({ expiresAt })
      .where(and(held, gt(offerLeases.expiresAt, new Date())));
  });
  ctx.events.on('session.revoked', async ({ sessionId }) => {
    await ctx.db.delete(offerLeases).where(eq(offerLeases.sessionId, sessionId));
  });
}
