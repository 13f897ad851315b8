import { eq } from 'drizzle-orm';
import { isUuid, LIVE_REFUSALS, OFFER_EDIT_DESTINATION, type OfferEditAnnouncement } from '@portal/shared';
import type { AppContext } from '../context.js';
import { offers } from '../db/schema/index.js';
import { canEditOffer, seesDraft } from '../modules/offers/access.js';
import { LiveRefusal } from './destinations.js';

const NOT_EDITABLE = LIVE_REFUSALS.offerNotEditable;

/**
 * The live edit channel (the spec's offer workflow): an editor announces the offer it has open with an offerId header,
 * again with each lease heartbeat, and its closing with `editing: false`. Only a user who may edit that offer may
 * announce it; the server builds the message itself (headers offerId, login and editing, body {offerId, login, name,
 * editing}, login being the sender's own email, never the client's claim) and delivers it only to those who see the
 * offer's draft (its own country and the secretariat), submitted or not: that someone is editing it, and who, is news
 * of the draft, which others learn nothing of. Lists show "being edited by …" from it. It also emits 'offer.editing',
 * on which the offers area renews the announcing session's edit lease (or, on closing, gives it back).
 */
export function registerOfferEditChannel(ctx: AppContext): void {
  ctx.realtime.register({
    pattern: OFFER_EDIT_DESTINATION,
    canSubscribe: () => true,
    accepts: (session, message) => {
      const scope = message.scope;
      if (typeof scope?.countryId !== 'number') return false;
      return seesDraft(session.user, { countryId: scope.countryId });
    },
    async onSend(session, frame) {
      const offerId = frame.headers.offerId;
      if (!offerId || offerId.length > 64) throw new LiveRefusal(LIVE_REFUSALS.offerEditNeedsOffer);
      if (frame.body.length > 2048) throw new LiveRefusal(LIVE_REFUSALS.offerEditTooLong);
      // The same answer for an offer that does not exist and one the sender may not edit.
      if (!isUuid(offerId)) throw new LiveRefusal(NOT_EDITABLE);
      const [offer] = await ctx.db
        .select({
          id: offers.id,
          countryId: offers.countryId,
          status: offers.status,
          regionCreated: offers.regionCreated,
        })
        .from(offers)
        .where(eq(offers.id, offerId))
        .limit(1);
      if (!offer || !canEditOffer(session.user, offer)) throw new LiveRefusal(NOT_EDITABLE);
      const login = session.user.email;
      const editing = frame.headers.editing !== 'false';
      const body: OfferEditAnnouncement = {
        offerId: offer.id,
        login,
        name: `${session.user.firstName} ${session.user.lastName}`.trim(),
        editing,
      };
      await ctx.realtime.broker.publish({
        destination: OFFER_EDIT_DESTINATION,
        headers: { offerId: offer.id, login, editing: String(editing) },
        body: JSON.stringify(body),
        scope: { countryId: offer.countryId },
      });
      ctx.events.emit('offer.editing', {
        offerId: offer.id,
        userId: session.user.id,
        sessionId: session.user.sessionId,
        editing,
      });
    },
  });
}
