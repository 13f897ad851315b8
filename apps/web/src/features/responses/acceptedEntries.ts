/**
 * Where the values accepted from counter offers stand in the offer's draft, for the editor's marks and banner, and the
 * key of a sector's entry for its history (DESIGN 13: one identity per entry, built as the server builds it).
 */
import { sectorIdentity, type AcceptedEntry, type ModeOfSupply, type Sector } from '@portal/shared';

/** The sector blocks an editor marks: the two limitation columns, additional commitments, the sector as a whole. */
export type SectorEntryBlock = 'MA' | 'NT' | 'ADDITIONAL' | 'GENERAL';
/** A mode of supply, a block's note, an additional commitment's text, or the whole sector (GENERAL). */
export type SectorEntryField = ModeOfSupply | 'comment' | 'commitment' | 'whole';

/** The history key of a sector's entry: `s.<sectorIdentity>.<block>.<mode|comment|commitment>`. */
export const sectorEntryKey = (
  sector: Pick<Sector, 'sectorId' | 'services'>,
  block: SectorEntryBlock,
  field: SectorEntryField,
): string => `s.${sectorIdentity(sector)}.${block}.${field}`;

/** An entry's place in the draft: the draft sector's id, the block, the mode (or the field when it has no mode). */
export const placeOf = (sectorId: string, block: SectorEntryBlock, field: SectorEntryField): string =>
  `${sectorId}\u0000${block}\u0000${field}`;

/**
 * The sector entries accepted into the draft by their place; when one was accepted twice (two counter offers), the
 * later decision is the value the draft holds. Horizontal and MFN entries have no place here (the banner counts them).
 */
export function acceptedByPlace(entries: readonly AcceptedEntry[]): Map<string, AcceptedEntry> {
  const byPlace = new Map<string, AcceptedEntry>();
  const sorted = [...entries].sort((a, b) => a.decidedAt.localeCompare(b.decidedAt));
  for (const e of sorted) {
    if (e.part !== 'SECTOR' || !e.sectorId) continue;
    const field = (e.mode ?? e.field) as SectorEntryField;
    byPlace.set(placeOf(e.sectorId, e.block as SectorEntryBlock, field), e);
  }
  return byPlace;
}

/** How many accepted values each part of the schedule holds. */
export function countByPart(entries: readonly AcceptedEntry[]): Record<AcceptedEntry['part'], number> {
  const counts = { SECTOR: 0, HORIZONTAL: 0, MFN: 0 };
  for (const e of entries) counts[e.part] += 1;
  return counts;
}
