import type { TFunction } from 'i18next';
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

/**
 * The editor's status in words. The spec's rule shows a submitted initial offer as "In progress" in the editor, while
 * the lists say "Initial offer": the editor says why, "In progress (version 1 submitted)".
 */
export function shownStatusText(offer: Pick<Offer, 'offerVersions'>, t: TFunction): string {
  const shown = shownStatus(offer);
  const submitted = offer.offerVersions.reduce((n, v) => Math.max(n, v.number), 0);
  if (shown === 'IN_PROGRESS' && latestVersionStatus(offer) === 'INITIAL_OFFER')
    return t('offers.editor.inProgressSubmitted', { version: submitted });
  return t(`offers.status.${shown}`);
}
