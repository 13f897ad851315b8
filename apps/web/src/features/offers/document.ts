/**
 * Pure updates of an offer document for the editor. Every function returns a new object for what it changed and
 * keeps every other reference (structural sharing), so memoized panels of untouched sectors never re-render and
 * a keystroke in one sector of a 150-sector offer costs one array copy, not a deep clone.
 */
import {
  COMMITMENT_VALUES,
  sectorName,
  type CommitmentEntry,
  type LimitationBlock,
  type ModeOfSupply,
  type Offer,
  type OfferDocument,
  type Sector,
} from '@portal/shared';
import { blankSector } from './contract';

/** The editable part of an offer as the server returned it (what a save sends back). */
export function documentOf(offer: Offer): OfferDocument {
  return {
    name: offer.name,
    description: offer.description,
    comment: offer.comment,
    geenralCommitement: offer.geenralCommitement,
    nameCon: offer.nameCon,
    descriptionCon: offer.descriptionCon,
    commentCon: offer.commentCon,
    geenralCommitementCon: offer.geenralCommitementCon,
    previewStatus: offer.previewStatus,
    countries: offer.countries,
    regions: offer.regions,
    sectors: offer.sectors,
  };
}

/** Same content, whatever the key order (a draft read back from storage against the server's copy). */
export function sameDocument(a: OfferDocument, b: OfferDocument): boolean {
  return stableJson(a) === stableJson(b);
}

function stableJson(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v,
  );
}

/** Replaces one sector; the other sectors keep their identity. */
export function replaceSector(doc: OfferDocument, index: number, sector: Sector): OfferDocument {
  if (doc.sectors[index] === sector) return doc;
  const sectors = doc.sectors.slice();
  sectors[index] = sector;
  return { ...doc, sectors };
}

/** The sector at `index` changed by `update`, the others keeping their identity; the document as it is without one. */
export function updateSectorAt(
  doc: OfferDocument,
  index: number | null,
  update: (sector: Sector) => Sector,
): OfferDocument {
  const sector = index === null ? undefined : doc.sectors[index];
  return sector === undefined || index === null ? doc : replaceSector(doc, index, update(sector));
}

/** Appends a blank sector (its first step chooses the service). */
export function addSector(doc: OfferDocument, sectorId: string): OfferDocument {
  return { ...doc, sectors: [...doc.sectors, blankSector(sectorId)] };
}

export function removeSector(doc: OfferDocument, index: number): OfferDocument {
  return { ...doc, sectors: doc.sectors.filter((_, i) => i !== index) };
}

/** A fresh sector id (the server keeps it as given). */
export function newSectorId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** One mode of supply of a limitation block, patched. */
export function patchEntry(
  block: LimitationBlock,
  mode: ModeOfSupply,
  patch: Partial<CommitmentEntry>,
): LimitationBlock {
  return { ...block, [mode]: { ...block[mode], ...patch } };
}

export type LimitationKey = 'limitationsMA' | 'limitationsOnNationalTreatment';

/** A sector's commitments with one limitation block replaced. */
export function withLimitations(sector: Sector, key: LimitationKey, block: LimitationBlock): Sector {
  return { ...sector, sectorCommitement: { ...sector.sectorCommitement, [key]: block } };
}

/** The level of commitment an entry's value stands for in the select: one of the fixed values, or Other. */
export type CommitmentChoice = '' | 'Unbound*' | 'Unbound' | 'None' | 'OTHER';
const FIXED = new Set<string>(COMMITMENT_VALUES);

export function choiceOf(value: string, otherOpen = false): CommitmentChoice {
  if (otherOpen) return 'OTHER';
  return FIXED.has(value) ? (value as CommitmentChoice) : 'OTHER';
}

/** The value stored when the user picks a choice: Other keeps a written limitation, or starts empty text. */
export function valueForChoice(choice: CommitmentChoice, previous: string): string {
  if (choice !== 'OTHER') return choice;
  return FIXED.has(previous) ? '' : previous;
}

/** A sector's name as stored: its first service's code and title, or null while none is chosen (shared sectorName). */
export function sectorTitle(sector: Pick<Sector, 'services'>): string | null {
  return sectorName(sector);
}
