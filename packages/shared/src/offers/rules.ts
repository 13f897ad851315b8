import { isStaff, writesCountryOffer, type Role } from '../roles.js';
import { parseSectorScheme } from '../sectors/types.js';
import { parseProvisionalCodes } from '../sectors/codes.js';
import type { ServiceCodesLookup } from '../sectors/tree.js';
import type { OfferStatus, Sector } from './schema.js';
import { CPC_LABELS, sectorCpcText } from './sector-rules.js';
import { placeName, type PlaceNames } from '../text/place-names.js';

/**
 * The default name of a country's new offer (the spec's offer workflow), in the language of the person creating it:
 * it is stored as the offer's title, which its authors may then change like any other text.
 */
export function offerNameFor(country: PlaceNames, language: string): string {
  const name = placeName(country, language);
  if (language.startsWith('fr')) return `Offre initiale conditionnelle\u00a0: ${name}`;
  if (language.startsWith('ar')) return `العرض الأولي المشروط: ${name}`;
  return `${name} Conditional Initial Offer`;
}

/**
 * The status the editor shows: an offer whose latest version is INITIAL_OFFER is shown as IN_PROGRESS
 * (the spec's offer workflow); an offer without versions is IN_PROGRESS.
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
  return isStaff(role) && regionCreated;
}

/**
 * Who may edit an offer, the one rule of the server (canEditOffer, modules/offers/access.ts) and the browser
 * (mayEditOffer): never once finalized; the secretariat and admins only on an offer the secretariat created for a
 * country; the others only on their own country's offer (`ownCountry`), and only if they write offers (not regional
 * advisors).
 */
export function editsOffer(
  role: Role,
  ownCountry: boolean,
  offer: { status: OfferStatus; regionCreated: boolean },
): boolean {
  if (offer.status === 'FINAL_OFFER') return false;
  if (isStaff(role)) return offer.regionCreated;
  return writesCountryOffer(role) && ownCountry;
}

/** Whether to offer "Edit" on an offer (editsOffer, the user's country known by its code). */
export function mayEditOffer(
  user: { role: Role; countryCode: string | null },
  offer: { status: OfferStatus; regionCreated: boolean; countryCode: string },
): boolean {
  return editsOffer(user.role, user.countryCode !== null && user.countryCode === offer.countryCode, offer);
}

/**
 * Why one who may edit an offer may not submit it, or null when they may: OFFER_SUBMIT_NOT_ALLOWED for a role that
 * does not submit (roleMaySubmit), OFFER_CANNOT_SUBMIT while the latest version awaits the secretariat or is final
 * (canSubmitAfter). The server's save and the per-offer `permissions.submit` it presents both read it.
 */
export function submitRefusal(
  role: Role,
  offer: { regionCreated: boolean; latestStatus: OfferStatus | null },
): 'OFFER_SUBMIT_NOT_ALLOWED' | 'OFFER_CANNOT_SUBMIT' | null {
  if (!roleMaySubmit(role, offer.regionCreated)) return 'OFFER_SUBMIT_NOT_ALLOWED';
  if (!canSubmitAfter(offer.latestStatus)) return 'OFFER_CANNOT_SUBMIT';
  return null;
}

/**
 * Whether to offer "Discuss" (open the offer's negotiation room, one of the spec's screens): the secretariat and admins
 * on any offer; others on another country's offer (their own country's room is the one the others open with it).
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

/** A sector's name: its first service's code and title ("1.A.a Legal Services"), null while none is chosen. */
export function sectorName(
  sector: Pick<Sector, 'services'>,
  titleOf: (service: Sector['services'][number]) => string = (s) => s.title,
): string | null {
  const first = sector.services[0];
  if (!first) return null;
  const title = titleOf(first);
  return first.value ? `${first.value} ${title}` : title;
}

/**
 * A sector tab's name (the spec's offer workflow: its first service): "1.A.a Legal Services", and the code the sector
 * was narrowed to when it holds one or a few ("1.A.a Legal Services · CPC Prov. 861"), so that the sectors a save split by
 * code are told apart. `titleOf` gives a service's title in the interface language (the stored title otherwise).
 */
export function sectorTabLabel(
  sector: Pick<Sector, 'services' | 'provisional_codes' | 'cpc_codes'>,
  titleOf: (service: Sector['services'][number]) => string = (s) => s.title,
): string | null {
  const name = sectorName(sector, titleOf);
  if (name === null) return null;
  const codes = sectorCpcText(sector, 3);
  return codes ? `${name} · ${codes}` : name;
}

/**
 * Tooltip of a sector tab (the spec's business constants): at most 5 codes, each cut to 35 characters — the services'
 * codes with their titles, then the CPC codes the sector was narrowed to.
 */
export function sectorTooltipCodes(
  sector: Pick<Sector, 'services'> & Partial<Pick<Sector, 'provisional_codes' | 'cpc_codes'>>,
  titleOf: (service: Sector['services'][number]) => string = (s) => s.title,
): string[] {
  const services = sector.services.map((s) => (s.value ? `${s.value} ${titleOf(s)}` : titleOf(s)));
  const chosen = [
    ...(sector.provisional_codes ?? []).map((c) => `${CPC_LABELS.CPC_PROV} ${c}`),
    ...(sector.cpc_codes ?? []).map((c) => `${CPC_LABELS.CPC21} ${c}`),
  ];
  return [...services, ...chosen].slice(0, 5).map((label) => (label.length > 35 ? `${label.slice(0, 35)}…` : label));
}

/** The code list a save splits a sector on: the provisional codes or the CPC codes, when it holds more than one. */
function splitField(sector: Pick<Sector, 'provisional_codes' | 'cpc_codes'>): 'provisional_codes' | 'cpc_codes' | null {
  return sector.provisional_codes.length > 1 ? 'provisional_codes' : sector.cpc_codes.length > 1 ? 'cpc_codes' : null;
}

const unknownServices: ServiceCodesLookup = () => undefined;

interface SplitPart {
  /** The code of the part; null for the services none of the chosen codes belongs to. */
  code: string | null;
  services: Sector['services'];
}

/**
 * How a sector splits on save: one part per chosen code, holding the services that code belongs to (a service the
 * classification does not know goes with every code, and a code no service claims keeps them all, as the code cannot
 * say); the services that none of the chosen codes belongs to make one more part, with no code, so nothing chosen
 * is lost. Null when the sector does not split.
 */
function splitParts(
  sector: Pick<Sector, 'type' | 'services' | 'provisional_codes' | 'cpc_codes'>,
  lookup: ServiceCodesLookup,
): SplitPart[] | null {
  const field = splitField(sector);
  if (!field) return null;
  const scheme = parseSectorScheme(sector.type) ?? 'W120';
  const codesOf = (value: string) => {
    const known = lookup(scheme, value);
    if (!known) return undefined;
    return (field === 'provisional_codes' ? known.provisionalCodes.flatMap(citedCodes) : known.cpcCodes).map(bareCode);
  };
  const services = sector.services.map((service, index) => ({ service, index, codes: codesOf(service.value) }));
  const placed = new Set<number>();
  const parts: SplitPart[] = sector[field].map((code) => {
    const bare = bareCode(code);
    let kept = services.filter((s) => s.codes?.some((listed) => sameBranch(listed, bare)) ?? true);
    if (kept.length === 0) kept = services;
    kept.forEach((s) => placed.add(s.index));
    return { code, services: kept.map((s) => s.service) };
  });
  const unplaced = sector.services.filter((_, i) => !placed.has(i));
  if (unplaced.length > 0) parts.push({ code: null, services: unplaced });
  return parts;
}

/** A chosen code without its W/120 marker (`7523**` → `7523`), for comparing with a service's codes. */
const bareCode = (code: string) => code.trim().replace(/\*+$/, '');

/**
 * The codes a W/120 cell cites, ranges and combinations expanded ("641-643" → 641, 642, 643; "633+8861-8866" → 633,
 * 8861 … 8866), so that a code chosen inside a range meets the service that cites the range.
 */
function citedCodes(cell: string): string[] {
  try {
    return parseProvisionalCodes(cell).codes;
  } catch {
    return [cell];
  }
}

/** Two codes of one classification on one branch: equal, or one the class, group or division of the other. */
const sameBranch = (a: string, b: string) => a.startsWith(b) || b.startsWith(a);

/**
 * How many sectors normalizeSectors would produce, counted without copying anything: a save checks it against
 * OFFER_LIMITS.sectors first, since 1,000 sectors of 200 codes each would otherwise become 200,000 copies.
 */
export function countNormalizedSectors(
  sectors: Pick<Sector, 'type' | 'services' | 'provisional_codes' | 'cpc_codes'>[],
  lookup: ServiceCodesLookup = unknownServices,
): number {
  let total = 0;
  for (const sector of sectors) {
    if (sector.services.length === 0) continue;
    total += splitParts(sector, lookup)?.length ?? 1;
  }
  return total;
}

/**
 * What a save keeps of the sectors (the spec's offer workflow): a sector with no services is dropped; a sector with
 * several provisional or CPC codes becomes one sector per code, each with the same commitments and only the services
 * its code belongs to (splitParts), its code lists and levels those of its own services. `lookup` gives a service's
 * codes from the classification (serviceCodesIndex). Callers check countNormalizedSectors against the limit first.
 */
export function normalizeSectors(
  sectors: Sector[],
  newId: () => string,
  lookup: ServiceCodesLookup = unknownServices,
): Sector[] {
  const out: Sector[] = [];
  for (const sector of sectors) {
    if (sector.services.length === 0) continue;
    const field = splitField(sector);
    const parts = splitParts(sector, lookup);
    if (!field || !parts) {
      out.push(sector);
      continue;
    }
    const scheme = parseSectorScheme(sector.type) ?? 'W120';
    parts.forEach((part, i) => {
      const copy: Sector = structuredClone(sector);
      copy[field] = part.code === null ? [] : [part.code];
      copy.sectorId = i === 0 ? sector.sectorId : newId();
      copy.services = structuredClone(part.services);
      copy.codes = part.services.map((s) => s.value);
      const known = part.services.map((s) => lookup(scheme, s.value));
      if (known.every((k) => k !== undefined)) {
        copy.codesCPC = unique(known.flatMap((k) => k.provisionalCodes));
        copy.codesCPC2 = unique(known.flatMap((k) => k.cpcCodes));
        if (known[0]) copy.details = [...known[0].path];
      }
      out.push(copy);
    });
  }
  return out;
}

const unique = <T>(xs: T[]) => [...new Set(xs)];
