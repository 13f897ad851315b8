/**
 * The entries of a schedule (DESIGN 13): one value of a document — a mode of a market-access or national-treatment
 * block of a sector, a block's note, an additional commitment, a cell of the horizontal or MFN table, a whole sector —
 * with one identity everywhere. A counter offer's entries are the differences between it and the version it answers
 * (the comparison of diff.ts), keyed by the answered version's sectors and rows, so that the comparison screen, the
 * decisions, the documents and the history speak of the same entry.
 *
 * Key: `<part>.<where>.<block>.<field>`, URL-safe, opaque to clients:
 * - `s.<sector>.<MA|NT>.<mode|comment>`, `s.<sector>.ADDITIONAL.<commitment|comment>`, `s.<sector>.GENERAL.whole`;
 *   `<sector>` is the sector's id (assigned by the server on save) or, when it has none, a hash of its services;
 * - `h.<row>.<column>` and `m.<row>.<column>` for the horizontal and MFN tables, `<row>` the answered version's row
 *   (`n<index>` for a row the counter offer added), `<column>` a cell's index or `row` for a whole row.
 */
import { MFN_COLUMNS, MODES_OF_SUPPLY, type ModeOfSupply } from './constants.js';
import type { OfferDocument, Sector } from './schema.js';
import { compareOffers, type OfferChange } from './diff.js';
import type { DiffOptions } from './cell-text.js';
import { sectorIdentity } from './sector-identity.js';

export { sectorIdentity } from './sector-identity.js';

export const ENTRY_PARTS = ['HORIZONTAL', 'SECTOR', 'MFN'] as const;
export type EntryPart = (typeof ENTRY_PARTS)[number];
/** A sector's or horizontal row's block; the MFN table's blocks are its columns (MFN_COLUMNS). */
export const ENTRY_BLOCKS = ['MA', 'NT', 'ADDITIONAL', 'GENERAL', ...MFN_COLUMNS] as const;
export type EntryBlock = (typeof ENTRY_BLOCKS)[number];
export const ENTRY_DECISIONS = ['OPEN', 'ACCEPTED', 'DECLINED'] as const;
export type EntryDecision = (typeof ENTRY_DECISIONS)[number];
/** The limitation column of a sector a block of entries stands for. */
export const LIMITATION_BLOCK_OF = { MA: 'limitationsMA', NT: 'limitationsOnNationalTreatment' } as const;
/** The horizontal table's columns, in schedule order. */
const HORIZONTAL_BLOCKS = ['GENERAL', 'MA', 'NT', 'ADDITIONAL'] as const;

/** Where in the document an entry sits, enough to read or write its value. */
export interface EntryLocation {
  part: EntryPart;
  block: EntryBlock;
  mode: ModeOfSupply | null;
  /** entry (a mode), comment (a block's or additional commitment's note), commitment, cell, whole (sector or row). */
  field: 'entry' | 'comment' | 'commitment' | 'cell' | 'whole';
  /** The sector's index in the answered version (null when the counter offer added it) and in the counter offer. */
  beforeIndex: number | null;
  afterIndex: number | null;
  /** A table cell's column (null for a sector or a whole row). */
  column: number | null;
}

/** One changed entry of a counter offer: what the comparison shows, with its key and location. */
export interface ChangedEntry extends EntryLocation {
  key: string;
  /** The codes of its sector (W/120, else CPC), [] for the horizontal and MFN tables. */
  sectorCodes: string[];
  /** Its sector's services as the schedule names them, or the first cell of its table row. */
  sectorTitle: string;
  kind: OfferChange['kind'];
  /** The texts shown: the answered version's and the counter offer's. */
  original: string;
  proposed: string;
  /** The id of the comparison cell (diff.ts cellId), for a screen that shows the comparison. */
  cellId: string;
}

const BLOCK_OF: Record<string, EntryBlock> = {
  limitationsMA: 'MA',
  limitationsOnNationalTreatment: 'NT',
  additionalCommitment: 'ADDITIONAL',
};

/** The codes a sector is known by: its services' W/120 codes, else its CPC codes. */
export function sectorCodes(sector: Sector): string[] {
  const w120 = sector.services.map((s) => s.value.trim()).filter(Boolean);
  if (w120.length > 0) return w120;
  return [...sector.cpc_codes, ...sector.provisional_codes, ...sector.codesCPC, ...sector.codesCPC2].filter(Boolean);
}

type Doc = Pick<OfferDocument, 'description' | 'geenralCommitement' | 'geenralCommitementCon' | 'sectors'>;

/**
 * Every entry a counter offer changes against the version it answers, in reading order (horizontal section,
 * sectors, MFN exemptions). The opening statement is not an entry: a counter offer answers commitments.
 */
export function counterOfferEntries(original: Doc, proposed: Doc, options: DiffOptions = {}): ChangedEntry[] {
  const comparison = compareOffers(original, proposed, options);
  const out: ChangedEntry[] = [];
  const seen = new Set<string>();
  // A sector split in two meets its former self twice: the second meeting is keyed by its place in the counter offer.
  const push = (entry: ChangedEntry) => {
    const key = seen.has(entry.key) ? `${entry.key}.${entry.afterIndex ?? entry.beforeIndex}` : entry.key;
    seen.add(key);
    out.push({ ...entry, key });
  };
  for (const change of comparison.changes) {
    const base = { kind: change.kind, original: change.before, proposed: change.after, cellId: change.id };
    if (change.block === 'horizontal' || change.block === 'mfn') {
      const pair = (change.block === 'horizontal' ? comparison.horizontal : comparison.mfn)[change.row!]!;
      const rowId = pair.beforeIndex !== null ? String(pair.beforeIndex) : `n${pair.afterIndex}`;
      const part: EntryPart = change.block === 'horizontal' ? 'HORIZONTAL' : 'MFN';
      const column = change.column;
      const blocks: readonly EntryBlock[] = part === 'HORIZONTAL' ? HORIZONTAL_BLOCKS : MFN_COLUMNS;
      push({
        ...base,
        key: `${part === 'HORIZONTAL' ? 'h' : 'm'}.${rowId}.${column === null ? 'row' : column}`,
        part,
        block: column === null ? blocks[0]! : (blocks[column] ?? blocks[blocks.length - 1]!),
        mode: null,
        field: column === null ? 'whole' : 'cell',
        beforeIndex: pair.beforeIndex,
        afterIndex: pair.afterIndex,
        column,
        sectorCodes: [],
        sectorTitle: change.sectorLabel,
      });
      continue;
    }
    if (change.sectorRow === null) continue;
    const pair = comparison.sectors[change.sectorRow]!;
    const sector = (pair.before ?? pair.after)!;
    const identity = pair.before ? sectorIdentity(pair.before) : `n${sectorIdentity(pair.after!)}`;
    const block: EntryBlock = change.block === 'sector' ? 'GENERAL' : BLOCK_OF[change.block]!;
    const field = change.part === 'text' || change.part === 'cell' ? 'entry' : change.part;
    const sub = change.mode ?? (change.part === 'whole' ? 'whole' : change.part);
    push({
      ...base,
      key: `s.${identity}.${block}.${sub}`,
      part: 'SECTOR',
      block,
      mode: change.mode,
      field,
      beforeIndex: pair.beforeIndex,
      afterIndex: pair.afterIndex,
      column: null,
      sectorCodes: sectorCodes(sector),
      sectorTitle: change.sectorLabel,
    });
  }
  return out;
}

/** Is `mode` one of the four modes of supply (a key's last segment)? */
export const isModeOfSupply = (value: string): value is ModeOfSupply =>
  (MODES_OF_SUPPLY as readonly string[]).includes(value);
