import { displayedStatus, type Offer, type OfferStatus } from '@portal/shared';

/** The status of the newest submitted version, or null when the offer was never submitted. */
export function latestVersionStatus(offer: Pick<Offer, 'offerVersions'>): OfferStatus | null {
  const latest = offer.offerVersions.reduce<Offer['offerVersions'][number] | null>(
    (a, v) => (!a || v.number > a.number ? v : a),
    null,
  );
  return latest?.status ?? null;
}

/** The status the editor shows (INITIAL_OFFER shows as IN_PROGRESS). */
export const shownStatus = (offer: Pick<Offer, 'offerVersions'>) => displayedStatus(latestVersionStatus(offer));
