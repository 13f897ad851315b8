import { canSubmitAfter, isStaff, roleMaySubmit, writesCountryOffer, type OfferStatus } from '@portal/shared';
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

/**
 * The creator's country, or the secretariat for an offer it created for a country; never once finalized.
 * The web app decides which buttons to show with the same rule (mayEditOffer in packages/shared).
 */
export function canEditOffer(actor: Actor, offer: Pick<OfferRow, 'status' | 'regionCreated' | 'countryId'>): boolean {
  if (offer.status === 'FINAL_OFFER') return false;
  if (isStaff(actor.role)) return offer.regionCreated;
  return writesCountryOffer(actor.role) && actor.countryId === offer.countryId;
}

export function canSubmitOffer(actor: Actor, offer: OfferRow): boolean {
  return (
    canEditOffer(actor, offer) && roleMaySubmit(actor.role, offer.regionCreated) && canSubmitAfter(latestStatus(offer))
  );
}

/** The status of the latest submitted version, or null before the first submission. */
export function latestStatus(offer: OfferRow): OfferStatus | null {
  return offer.versions > 0 ? offer.status : null;
}
