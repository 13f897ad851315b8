/**
 * The spec's sector-choice rules, checked by the server as well as the editor (zod-free, so the
 * web app can import it): one first-level sector per sector, one code list at a time, a known code scheme.
 */
import { sectorGroupPrefix } from '../sectors/groups.js';
import { serviceSchemeCode } from '../sectors/order.js';
import { SECTOR_TYPE_CODES, parseSectorScheme, type SectorScheme } from '../sectors/types.js';

export const SECTOR_RULE_MESSAGES = {
  /** msg_nomoresectore: every service of a sector sits under one first-level sector. */
  oneSector:
    'Only one sector may be chosen at once: all services of a sector must belong to the same first-level sector.',
  oneCodeList: 'Only one code list may be in use at a time: choose CPC provisional codes or CPC 2.1 codes, not both.',
  /** A sector repeated in one offer; the server's message ends with the code of the repeated sector. */
  duplicate:
    'The same sector appears twice in this offer (the same services with the same CPC codes). Remove the repeated sector or merge the two.',
  codeScheme: `The sector code scheme must be one of ${Object.values(SECTOR_TYPE_CODES).join(', ')}.`,
  /**
   * POST /add-services: a new service's code extends its parent's, so the code names the sector the tree puts it in.
   */
  codeUnderParent:
    "The new service's code must begin with its parent's code (under 1.A, for example 1.A.x), so that it stays in its parent's sector.",
} as const;

/**
 * The first-level sector a chosen service sits under, read from its code: the W/120 sector number (`1.A.a` → `1`)
 * or the CPC section, the first digit (`8671` → `8`). Null when the code does not say (a service the secretariat
 * added under a code of its own): such a service is not held against the others.
 */
function firstLevelSectorOf(scheme: SectorScheme, code: string): string | null {
  if (scheme === 'W120') return sectorGroupPrefix(code);
  return /^\s*(\d)/.exec(code)?.[1] ?? null;
}

/**
 * Whether a code may be added under a parent (POST /add-services): it begins with the parent's code, is longer, and
 * reads as the same first-level sector (`10.X` begins with `1` but is sector 10). This keeps the server's rule, which
 * reads the sector from the code, in agreement with the editor, which reads it from the tree.
 */
export function extendsParentCode(scheme: SectorScheme, parent: string, code: string): boolean {
  const p = parent.trim();
  const c = code.trim();
  if (c.length <= p.length || !c.startsWith(p)) return false;
  return firstLevelSectorOf(scheme, c) === firstLevelSectorOf(scheme, p);
}

/** Whether a sector's `type` names one of the three code schemes (any spelling the server reads; empty is W_120). */
export function isKnownSectorType(type: string): boolean {
  return parseSectorScheme(type) !== null;
}

/** Whether all the services of a sector sit under one first-level sector (the spec's validation rules). */
export function servicesInOneSector(sector: { type: string; services: readonly { value: string }[] }): boolean {
  const scheme = parseSectorScheme(sector.type);
  if (!scheme) return true; // the type rule reports this one
  const roots = new Set(sector.services.map((s) => firstLevelSectorOf(scheme, s.value)).filter((r) => r !== null));
  return roots.size <= 1;
}

/** Whether at most one of the two code lists has selections (the spec's validation rules). */
export function oneCodeListInUse(sector: {
  provisional_codes: readonly string[];
  cpc_codes: readonly string[];
}): boolean {
  return sector.provisional_codes.length === 0 || sector.cpc_codes.length === 0;
}

/**
 * A sector's CPC codes by the classification they belong to — provisional CPC (1991, the one W/120 cites) or CPC 2.1
 * — so that every screen and document labels them for what they are ("CPC Prov. 641", "CPC 2.1 631"). A sector
 * holds one list; one stored before that rule may hold both, each then shown with its own label.
 */
export function sectorCpcGroups(sector: {
  provisional_codes: readonly string[];
  cpc_codes: readonly string[];
}): { scheme: 'CPC_PROV' | 'CPC21'; codes: readonly string[] }[] {
  const groups: { scheme: 'CPC_PROV' | 'CPC21'; codes: readonly string[] }[] = [];
  if (sector.provisional_codes.length) groups.push({ scheme: 'CPC_PROV', codes: sector.provisional_codes });
  if (sector.cpc_codes.length) groups.push({ scheme: 'CPC21', codes: sector.cpc_codes });
  return groups;
}

/**
 * The labels of the two CPC versions, the same in every language (abbreviations of the UN's titles, written as the
 * codes they precede, left to right): "CPC Prov." for the provisional CPC that W/120 cites, "CPC 2.1" for Ver. 2.1.
 */
export const CPC_LABELS = { CPC_PROV: 'CPC Prov.', CPC21: 'CPC 2.1' } as const;

/**
 * A sector's CPC codes labelled by version ("CPC Prov. 861, 862"; "CPC 2.1 631"), at most `max` codes of each with
 * "…" after; '' for a sector with none.
 */
export function sectorCpcText(
  sector: { provisional_codes: readonly string[]; cpc_codes: readonly string[] },
  max = Infinity,
): string {
  return sectorCpcGroups(sector)
    .map(({ scheme, codes }) => {
      const shown = codes.slice(0, max).join(', ') + (codes.length > max ? ', …' : '');
      return `${CPC_LABELS[scheme]} ${shown}`;
    })
    .join('; ');
}

/** What makes two sectors of one offer the same: their services (scheme and code) and the CPC codes chosen. */
function sectorSignature(sector: DuplicateCandidate): string | null {
  const services = new Set<string>();
  for (const service of sector.services) {
    const { scheme, code } = serviceSchemeCode(sector.type, service);
    if (code) services.add(`${scheme}:${code}`);
  }
  if (services.size === 0) return null; // a sector still to choose repeats nothing
  const codes = new Set([...sector.provisional_codes, ...sector.cpc_codes].map((c) => c.trim()).filter(Boolean));
  return `${[...services].sort().join(',')}|${[...codes].sort().join(',')}`;
}

interface DuplicateCandidate {
  type: string;
  services: readonly { value: string; key: string }[];
  provisional_codes: readonly string[];
  cpc_codes: readonly string[];
}

/** A sector that repeats an earlier one of the same offer. */
export interface DuplicateSector {
  /** Index of the repeating sector, and of the sector it repeats (in the stored order). */
  index: number;
  first: number;
  /** The sector's codes as a reader names it: "1.A.a" or "1.A.a, 1.A.b (CPC Prov. 861)". */
  code: string;
}

/**
 * The first sector of an offer that repeats an earlier one: the same services (the same W/120 items, or the same CPC
 * codes in a CPC list) with the same CPC codes chosen, in any order. A sector split on save gives parts with different
 * codes, so they never repeat each other. Null when every sector is scheduled once.
 */
export function findDuplicateSector(sectors: readonly DuplicateCandidate[]): DuplicateSector | null {
  const seen = new Map<string, number>();
  for (const [index, sector] of sectors.entries()) {
    const signature = sectorSignature(sector);
    if (signature === null) continue;
    const first = seen.get(signature);
    if (first === undefined) {
      seen.set(signature, index);
      continue;
    }
    const services = sector.services.map((s) => s.value.trim() || serviceSchemeCode(sector.type, s).code);
    const codes = sectorCpcText(sector, 3);
    // At most 3 of each, as a tab names a sector: a message is read, not searched.
    const some = (xs: string[]) => xs.slice(0, 3).join(', ') + (xs.length > 3 ? ', …' : '');
    return { index, first, code: `${some(services)}${codes ? ` (${codes})` : ''}` };
  }
  return null;
}
