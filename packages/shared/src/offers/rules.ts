import { isStaff, type Role } from '../roles.js';
import type { OfferDocument, OfferStatus, Sector } from './schema.js';

/** Name of an offer the secretariat creates for a country (spec section 4). */
export function offerNameFor(countryName: string): string {
  return `${countryName} Conditional Initial Offer`;
}

/**
 * The status the editor shows: an offer whose latest version is INITIAL_OFFER is shown as IN_PROGRESS
 * (spec section 4); an offer without versions is IN_PROGRESS.
 */
export function displayedStatus(latestVersionStatus: OfferStatus | null): OfferStatus {
  if (!latestVersionStatus || latestVersionStatus === 'INITIAL_OFFER') return 'IN_PROGRESS';
  return latestVersionStatus;
}

/** Final submission is open when there are no versions yet, or the latest was sent back or validated. */
export function canSubmitAfter(latestVersionStatus: OfferStatus | null): boolean {
  return latestVersionStatus === null || latestVersionStatus === 'RETURNED' || latestVersionStatus === 'COMMITMENT';
}

/**
 * Roles that may submit an offer to the secretariat: the country's chief negotiator (focal points draft),
 * or the secretariat for an offer it created for a country.
 */
export function roleMaySubmit(role: Role, regionCreated: boolean): boolean {
  if (role === 'CHIEF_NEGOTIATOR') return true;
  return (role === 'AFRICAN_UNION' || role === 'ADMIN') && regionCreated;
}

/** Roles that write their own country's offer: the chief negotiator (who submits) and the focal points (who draft). */
export function writesCountryOffer(role: Role): boolean {
  return role === 'CHIEF_NEGOTIATOR' || role === 'SERVICE_FOCAL_POINT';
}

/**
 * Whether to offer "Edit" on an offer; the browser's copy of the server's canEditOffer (modules/offers/access.ts):
 * never once finalized; the secretariat and admins only on an offer the secretariat created for a country; the
 * others only on their own country's offer, and only if they write offers (not regional advisors).
 */
export function mayEditOffer(
  user: { role: Role; countryCode: string | null },
  offer: { status: OfferStatus; regionCreated: boolean; countryCode: string },
): boolean {
  if (offer.status === 'FINAL_OFFER') return false;
  if (isStaff(user.role)) return offer.regionCreated;
  return writesCountryOffer(user.role) && user.countryCode !== null && user.countryCode === offer.countryCode;
}

/**
 * Whether to offer "Discuss" (open the offer's negotiation room, spec section 2): the secretariat and admins on any
 * offer; others on another country's offer (their own country's room is the one the others open with it).
 */
export function mayDiscussOffer(
  user: { role: Role; countryCode: string | null },
  offer: { countryCode: string },
): boolean {
  return isStaff(user.role) || user.countryCode !== offer.countryCode;
}

/** The final button's label key (spec: Sent to AU, Update offer, Submit request). */
export function submitLabel(kind: {
  request?: boolean;
  latestVersionStatus: OfferStatus | null;
}): 'sentToAU' | 'updateOffer' | 'submitRequest' {
  if (kind.request) return 'submitRequest';
  return kind.latestVersionStatus === null ? 'sentToAU' : 'updateOffer';
}

/** Versions that await the secretariat's decision. */
export function awaitsReview(status: OfferStatus | null): boolean {
  return status === 'INITIAL_OFFER' || status === 'REVISED_OFFER';
}

/** Tooltip of a sector tab: at most 5 codes, each cut to 35 characters (spec section 9). */
export function sectorTooltipCodes(sector: Pick<Sector, 'services'>): string[] {
  return sector.services.slice(0, 5).map((s) => {
    const label = s.value ? `${s.value} ${s.title}` : s.title;
    return label.length > 35 ? `${label.slice(0, 35)}…` : label;
  });
}

/** The code list a save splits a sector on: the provisional codes or the CPC codes, when it holds more than one. */
function splitField(sector: Pick<Sector, 'provisional_codes' | 'cpc_codes'>): 'provisional_codes' | 'cpc_codes' | null {
  return sector.provisional_codes.length > 1 ? 'provisional_codes' : sector.cpc_codes.length > 1 ? 'cpc_codes' : null;
}

/**
 * How many sectors normalizeSectors would produce, counted without copying anything: a save checks it against
 * OFFER_LIMITS.sectors first, since 1,000 sectors of 200 codes each would otherwise become 200,000 copies.
 */
export function countNormalizedSectors(
  sectors: Pick<Sector, 'services' | 'provisional_codes' | 'cpc_codes'>[],
): number {
  let total = 0;
  for (const sector of sectors) {
    if (sector.services.length === 0) continue;
    const field = splitField(sector);
    total += field ? sector[field].length : 1;
  }
  return total;
}

/**
 * What a save keeps of the sectors (spec section 4): a sector with no services is dropped; a sector with
 * several provisional or CPC codes becomes one sector per code, each with the same commitments.
 * Callers check countNormalizedSectors against the limit first.
 */
export function normalizeSectors(sectors: Sector[], newId: () => string): Sector[] {
  const out: Sector[] = [];
  for (const sector of sectors) {
    if (sector.services.length === 0) continue;
    const field = splitField(sector);
    if (!field) {
      out.push(sector);
      continue;
    }
    sector[field].forEach((code, i) => {
      const copy: Sector = structuredClone(sector);
      copy[field] = [code];
      copy.sectorId = i === 0 ? sector.sectorId : newId();
      out.push(copy);
    });
  }
  return out;
}

/** The number of sectors with at least one service: what a save will keep. */
export function countKeptSectors(doc: Pick<OfferDocument, 'sectors'>): number {
  return doc.sectors.filter((s) => s.services.length > 0).length;
}
