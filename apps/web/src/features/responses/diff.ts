/**
 * What a counter offer changed, measured on the content (values, notes, texts), not on the flags the counter-offer
 * screen wrote: a flag can be stale or missing (an older client, a document written elsewhere), a value cannot lie.
 */
import type { LimitationBlock, OfferDocument, Sector } from '@portal/shared';
import { MODES_OF_SUPPLY } from '../offers/contract';
import type { LimitationKey } from '../offers/document';
import { LIMITATION_KEYS, sameEntryContent } from './counterEntry';

/** `limitationsMA.crossBorder`-style keys of the entries that differ, and the other parts of a sector that differ. */
export interface SectorDiff {
  entries: Set<string>;
  blockComments: Set<LimitationKey>;
  additional: boolean;
  /** The sector is not in the original (or not in the counter offer). */
  missing: boolean;
  changed: boolean;
}

export interface DocumentDiff {
  description: boolean;
  horizontal: boolean;
  mfn: boolean;
  /** By sector id. */
  sectors: Map<string, SectorDiff>;
  /** Entries that differ, in every sector. */
  changedEntries: number;
}

export const entryKey = (kind: LimitationKey, mode: string) => `${kind}.${mode}`;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const blockText = (b: LimitationBlock) => b.comment.trim();

/** The differences of one sector with its original (undefined when the original has no such sector). */
export function diffSector(original: Sector | undefined, counter: Sector): SectorDiff {
  const entries = new Set<string>();
  const blockComments = new Set<LimitationKey>();
  if (!original) {
    for (const k of LIMITATION_KEYS) for (const m of MODES_OF_SUPPLY) entries.add(entryKey(k, m));
    return { entries, blockComments: new Set(LIMITATION_KEYS), additional: true, missing: true, changed: true };
  }
  for (const k of LIMITATION_KEYS) {
    const a = original.sectorCommitement[k];
    const b = counter.sectorCommitement[k];
    for (const m of MODES_OF_SUPPLY) if (!sameEntryContent(a[m], b[m])) entries.add(entryKey(k, m));
    if (blockText(a) !== blockText(b)) blockComments.add(k);
  }
  const oa = original.sectorCommitement.additionalCommitment;
  const ca = counter.sectorCommitement.additionalCommitment;
  const additional = oa.commitment.trim() !== ca.commitment.trim() || oa.comment.trim() !== ca.comment.trim();
  return {
    entries,
    blockComments,
    additional,
    missing: false,
    changed: entries.size > 0 || blockComments.size > 0 || additional,
  };
}

/** Every difference between the version answered and the counter offer; sectors are matched by id. */
export function diffDocuments(original: OfferDocument, counter: OfferDocument): DocumentDiff {
  const byId = new Map(original.sectors.map((s) => [s.sectorId, s]));
  const sectors = new Map<string, SectorDiff>();
  let changedEntries = 0;
  for (const s of counter.sectors) {
    const d = diffSector(byId.get(s.sectorId), s);
    sectors.set(s.sectorId, d);
    changedEntries += d.entries.size;
  }
  const counterIds = new Set(counter.sectors.map((s) => s.sectorId));
  for (const s of original.sectors) {
    if (!counterIds.has(s.sectorId))
      sectors.set(s.sectorId, {
        entries: new Set(),
        blockComments: new Set(),
        additional: false,
        missing: true,
        changed: true,
      });
  }
  return {
    description: original.description !== counter.description,
    horizontal: !same(original.geenralCommitement, counter.geenralCommitement),
    mfn: !same(original.geenralCommitementCon, counter.geenralCommitementCon),
    sectors,
    changedEntries,
  };
}
