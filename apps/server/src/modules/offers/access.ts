import { editsOffer, isStaff, submitRefusal, type OfferStatus } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { OfferMeta } from '../../db/schema/index.js';

type OfferRow = OfferMeta;

/** The offer's own country's users, or the secretariat: they see the working draft. */
export function seesDraft(actor: Actor, offer: Pick<OfferRow, 'countryId'>): boolean {
  return isStaff(actor.role) || (actor.countryId !== null && actor.countryId === offer.countryId);
}

/** Others see an offer only once a version of it has been submitted. */
export function canSeeOffer(actor: Actor, offer: Pick<OfferRow, 'countryId' | 'versions'>): boolean {
  return seesDraft(actor, offer) || offer.versions > 0;
}

/** Who may edit an offer: the shared rule (editsOffer), the offer's country known by its id. */
export function canEditOffer(actor: Actor, offer: Pick<OfferRow, 'status' | 'regionCreated' | 'countryId'>): boolean {
  return editsOffer(actor.role, actor.countryId !== null && actor.countryId === offer.countryId, offer);
}

/** Why the actor may not submit the offer (submitRefusal), or null; whether they may edit it is checked apart. */
export function offerSubmitRefusal(actor: Actor, offer: OfferRow) {
  return submitRefusal(actor.role, { regionCreated: offer.regionCreated, latestStatus: latestStatus(offer) });
}

export function canSubmitOffer(actor: Actor, offer: OfferRow): boolean {
  return canEditOffer(actor, offer) && offerSubmitRefusal(actor, offer) === null;
}

/** The status of the latest submitted version, or null before the first submission. */
export function latestStatus(offer: OfferRow): OfferStatus | null {
  return offer.versions > 0 ? offer.status : null;
}
