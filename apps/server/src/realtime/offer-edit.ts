import type { AppContext } from '../context.js';
import { LiveRefusal } from './destinations.js';

export const OFFER_EDIT_DESTINATION = '/topic/offer-edit';

/**
 * The live edit channel (spec section 4): an editor announces the offer it has open with an offerId header;
 * the server stamps the login (the editor's own email, never the client's claim), republishes it to every
 * subscriber and emits 'offer.editing' so the offers area can renew its edit lease.
 */
export function registerOfferEditChannel(ctx: AppContext): void {
  ctx.realtime.register({
    pattern: OFFER_EDIT_DESTINATION,
    canSubscribe: () => true,
    async onSend(session, frame) {
      const offerId = frame.headers.offerId;
      if (!offerId || offerId.length > 64) throw new LiveRefusal("SEND to /topic/offer-edit needs an 'offerId' header");
      if (frame.body.length > 2048) throw new LiveRefusal('Offer edit announcements carry no more than 2048 characters');
      await ctx.realtime.publish(OFFER_EDIT_DESTINATION, frame.body || JSON.stringify({ offerId, login: session.user.email }), {
        offerId,
        login: session.user.email,
      });
      ctx.events.emit('offer.editing', { offerId, userId: session.user.id, sessionId: session.user.sessionId });
    },
  });
}
