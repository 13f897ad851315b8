/**
 * What changed between two offer documents — two submitted versions of one offer (v1 returned → v2) or a version and
 * the counter offer that answers it. One diff for the comparison screens and the comparison PDF, so that both show the
 * same changes.
 *
 * - Sectors are aligned by their services (the keys of the classification nodes chosen), not by position or id: a
 *   reordered sector still meets itself, a sector split in two (861+862 → 861 | 862) meets its former self on both
 *   rows, and a sector with no service in common is added or removed.
 * - Inside a sector, entries are aligned by block (market access, national treatment, additional commitments) and
 *   mode of supply; the horizontal section and the MFN exemptions row by row, cell by cell.
 * - Inside a cell, words are compared (longest common subsequence over words): text is split on white space only, so
 *   punctuation stays with its word and Arabic or French words are never cut; the spans keep the white space.
 * The result is measured on content (values, notes, texts), never on the `changed`/`edited` flags a client wrote.
 */
import { MODES_OF_SUPPLY, type ModeOfSupply } from './constants.js';
import type { OfferDocument } from './schema.js';
import { diffWords, type WordSpan } from './word-diff.js';
import { alignRows, alignSectors, type RowPair, type SectorPair } from './align.js';
import { entryCellText, richTextToPlain, rowTexts, storedTextToPlain, type DiffOptions } from './cell-text.js';

export { diffWords, sideSpans, type WordSpan } from './word-diff.js';
export type { RowPair, SectorPair } from './align.js';
export {
  entryCellText,
  richTextToPlain,
  rowTexts,
  sectorLabel,
  storedTextToPlain,
  type DiffOptions,
} from './cell-text.js';

/** Where a change sits in the schedule. */
type ChangeBlock =
  | 'description'
  | 'horizontal'
  | 'sector'
  | 'limitationsMA'
  | 'limitationsOnNationalTreatment'
  | 'additionalCommitment'
  | 'mfn';

/** The two limitation columns of a sector, in schedule order. */
export const LIMITATION_BLOCKS = ['limitationsMA', 'limitationsOnNationalTreatment'] as const;
type LimitationBlockKey = (typeof LIMITATION_BLOCKS)[number];

export interface OfferChange {
  /** Stable within one comparison; the cell id of `cellId` (a screen finds the cell to highlight by it). */
  id: string;
  /** A changed cell, or a whole sector or table row only in one of the documents. */
  kind: 'changed' | 'added' | 'removed';
  block: ChangeBlock;
  /** The index in `OfferComparison.sectors` of the aligned sector row, for sector changes. */
  sectorRow: number | null;
  /** "1.A.a Legal services" (the services of the sector), or the first cell of a table row; '' elsewhere. */
  sectorLabel: string;
  /** The mode of supply of a limitation entry; null for a block's comment, a table cell or a whole sector. */
  mode: ModeOfSupply | null;
  /** Which part of the block: a mode's entry, the block's comment, a table cell, a whole sector or row. */
  part: 'entry' | 'comment' | 'commitment' | 'cell' | 'text' | 'whole';
  /** The index in `OfferComparison.horizontal` or `.mfn` of the aligned row, and the cell, for the two tables. */
  row: number | null;
  column: number | null;
  before: string;
  after: string;
  /** The words of `before` and `after` merged in reading order (see `sideSpans`). */
  spans: WordSpan[];
}

interface OfferComparison {
  description: { before: string; after: string; changed: boolean };
  horizontal: RowPair[];
  sectors: SectorPair[];
  mfn: RowPair[];
  /** Every change, in reading order: opening statement, horizontal section, sectors, MFN exemptions. */
  changes: OfferChange[];
}

type Doc = Pick<OfferDocument, 'description' | 'geenralCommitement' | 'geenralCommitementCon' | 'sectors'>;

/** The id of a cell of the comparison (the id of its change when it changed). */
export const cellId = {
  description: () => 'description',
  table: (block: 'horizontal' | 'mfn', row: number, column: number | null) =>
    column === null ? `${block}:${row}` : `${block}:${row}:${column}`,
  sector: (sectorRow: number) => `sector:${sectorRow}`,
  entry: (sectorRow: number, block: LimitationBlockKey, mode: ModeOfSupply) => `sector:${sectorRow}:${block}:${mode}`,
  blockComment: (sectorRow: number, block: LimitationBlockKey) => `sector:${sectorRow}:${block}:comment`,
  additional: (sectorRow: number, part: 'commitment' | 'comment') => `sector:${sectorRow}:additional:${part}`,
};

// ---------------------------------------------------------------------------------------------------------------
// The comparison

type ChangeWhere = Omit<OfferChange, 'kind' | 'before' | 'after' | 'spans'>;

function changed(where: ChangeWhere, before: string, after: string): OfferChange | null {
  if (before === after) return null;
  const kind = before === '' ? 'added' : after === '' ? 'removed' : 'changed';
  return { ...where, kind, before, after, spans: diffWords(before, after) };
}

function tableChanges(block: 'horizontal' | 'mfn', pairs: RowPair[]): OfferChange[] {
  const out: OfferChange[] = [];
  pairs.forEach((p, index) => {
    if (p.status === 'same') return;
    const a = p.before ? rowTexts(p.before) : [];
    const b = p.after ? rowTexts(p.after) : [];
    const label = (b[0] || a[0]) ?? '';
    const base = { block, sectorRow: null, sectorLabel: label, mode: null, row: index } as const;
    if (p.status !== 'changed') {
      const before = a.join(' | ');
      const after = b.join(' | ');
      out.push({
        ...base,
        id: cellId.table(block, index, null),
        kind: p.status,
        part: 'whole',
        column: null,
        before,
        after,
        spans: p.status === 'added' ? [{ op: 'ins', text: after }] : [{ op: 'del', text: before }],
      });
      return;
    }
    for (let c = 0; c < Math.max(a.length, b.length); c++) {
      const change = changed(
        { ...base, id: cellId.table(block, index, c), part: 'cell', column: c },
        a[c] ?? '',
        b[c] ?? '',
      );
      if (change) out.push(change);
    }
  });
  return out;
}

function sectorChanges(row: number, pair: Omit<SectorPair, 'status'>, options: DiffOptions): OfferChange[] {
  const { before, after, label } = pair;
  const base = { sectorRow: row, sectorLabel: label, row: null, column: null } as const;
  if (!before || !after) {
    return [
      {
        ...base,
        id: cellId.sector(row),
        kind: before ? 'removed' : 'added',
        block: 'sector',
        mode: null,
        part: 'whole',
        before: before ? label : '',
        after: after ? label : '',
        spans: [{ op: before ? 'del' : 'ins', text: label }],
      },
    ];
  }
  const out: OfferChange[] = [];
  const add = (c: OfferChange | null) => c && out.push(c);
  const a = before.sectorCommitement;
  const b = after.sectorCommitement;
  for (const block of LIMITATION_BLOCKS) {
    for (const mode of MODES_OF_SUPPLY)
      add(
        changed(
          { ...base, id: cellId.entry(row, block, mode), block, mode, part: 'entry' },
          entryCellText(a[block][mode], options),
          entryCellText(b[block][mode], options),
        ),
      );
    add(
      changed(
        { ...base, id: cellId.blockComment(row, block), block, mode: null, part: 'comment' },
        storedTextToPlain(a[block].comment),
        storedTextToPlain(b[block].comment),
      ),
    );
  }
  for (const part of ['commitment', 'comment'] as const)
    add(
      changed(
        { ...base, id: cellId.additional(row, part), block: 'additionalCommitment', mode: null, part },
        storedTextToPlain(a.additionalCommitment[part]),
        storedTextToPlain(b.additionalCommitment[part]),
      ),
    );
  return out;
}

/** Every difference between two offer documents, aligned for a side-by-side reading. */
export function compareOffers(before: Doc, after: Doc, options: DiffOptions = {}): OfferComparison {
  const descriptionBefore = richTextToPlain(before.description);
  const descriptionAfter = richTextToPlain(after.description);
  const changes: OfferChange[] = [];
  const description = changed(
    {
      id: cellId.description(),
      block: 'description',
      sectorRow: null,
      sectorLabel: '',
      mode: null,
      part: 'text',
      row: null,
      column: null,
    },
    descriptionBefore,
    descriptionAfter,
  );
  if (description) changes.push(description);

  const horizontal = alignRows(before.geenralCommitement, after.geenralCommitement);
  changes.push(...tableChanges('horizontal', horizontal));

  const sectors: SectorPair[] = alignSectors(before.sectors, after.sectors, options.serviceTitle).map((pair, row) => {
    const found = sectorChanges(row, pair, options);
    changes.push(...found);
    const status = !pair.before ? 'added' : !pair.after ? 'removed' : found.length > 0 ? 'changed' : 'same';
    return { ...pair, status };
  });

  const mfn = alignRows(before.geenralCommitementCon, after.geenralCommitementCon);
  changes.push(...tableChanges('mfn', mfn));

  return {
    description: { before: descriptionBefore, after: descriptionAfter, changed: description !== null },
    horizontal,
    sectors,
    mfn,
    changes,
  };
}
