import { NOTIFICATION_TOPIC, type QueueMessage } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { address } from '../../realtime/broker.js';

/**
 * A takeover of an edit lease is told live to the user who took it, on /topic/queue (every one of their sessions
 * receives it): the message names the offer only, and each editor of it asks for the lease again, so the server stays
 * the judge of which session holds it and the one that lost it turns read-only at once instead of at its next heartbeat.
 */
export function tellLeaseMoves(ctx: AppContext): void {
  ctx.events.on('offer.leaseMoved', async ({ offerId, userId }) => {
    const body: QueueMessage = { type: 'OFFER_LEASE_MOVED', offerId };
    await ctx.realtime.publish(NOTIFICATION_TOPIC, body, { 'user-id': userId }, [address.user(userId)]);
  });
}
