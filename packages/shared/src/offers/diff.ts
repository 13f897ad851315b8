/**
 * What changed between two offer documents — two submitted versions of one offer (v1 returned → v2) or a version and
 * the counter offer that answers it. One diff for the comparison screens and the comparison PDF, so that both show the
 * same changes (issue 9, "Compare two versions").
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
import type { Language } from '../constants.js';
import { MODES_OF_SUPPLY, type ModeOfSupply } from './constants.js';
import type { CommitmentEntry, OfferDocument, Sector, TableCell } from './schema.js';
import { SCHEDULE_TERMS, translateFixedTerm } from './vocabulary.js';
import { commonSubsequenceLengths } from './lcs.js';
import { diffWords, type WordSpan } from './word-diff.js';

export { diffWords, sideSpans, type WordSpan } from './word-diff.js';

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

/** Two sectors aligned, one of them possibly missing. */
export interface SectorPair {
  before: Sector | null;
  after: Sector | null;
  beforeIndex: number | null;
  afterIndex: number | null;
  /** The services of the sector shown (the second document's, or the first's when removed). */
  label: string;
  status: 'same' | 'changed' | 'added' | 'removed';
}

/** Two table rows aligned (horizontal section or MFN exemptions). */
export interface RowPair {
  before: TableCell[] | null;
  after: TableCell[] | null;
  beforeIndex: number | null;
  afterIndex: number | null;
  status: 'same' | 'changed' | 'added' | 'removed';
}

interface OfferComparison {
  description: { before: string; after: string; changed: boolean };
  horizontal: RowPair[];
  sectors: SectorPair[];
  mfn: RowPair[];
  /** Every change, in reading order: opening statement, horizontal section, sectors, MFN exemptions. */
  changes: OfferChange[];
}

export interface DiffOptions {
  /** The language fixed terms are shown in ("Unbound" → "Non consolidé"), whole values only; default as written. */
  lang?: Language;
  /** The labels of the GATS+ and AfCFTA+ marks of an entry. */
  marks?: { gats: string; afcfta: string };
  /** A chosen service's title in the reader's language (French or Arabic W/120 titles); default the stored title. */
  serviceTitle?: (service: Sector['services'][number]) => string;
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
// Texts of cells

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text a reader sees in stored rich text: paragraphs and line breaks become new lines, tags go. */
export function richTextToPlain(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{2,}/g, '\n')
    .trim();
}

/** No fixed term (with a wrapping paragraph) is longer: a longer value is free text, not looked up (a 150-sector
 * comparison spends most of its time in the look-up otherwise). */
const LONGEST_TERM = Math.max(...SCHEDULE_TERMS.flatMap((t) => Object.values(t).map((v) => v.length))) + 16;

/**
 * An entry as one line of the schedule: the level of commitment (a fixed term in the chosen language) or the
 * limitation written, the GATS+/AfCFTA+ marks, the note. A blank entry is ''.
 */
export function entryCellText(entry: CommitmentEntry, options: DiffOptions = {}): string {
  const value = entry.value.trim();
  const shown =
    options.lang && value.length <= LONGEST_TERM ? (translateFixedTerm(value, options.lang) ?? value) : value;
  const labels = options.marks ?? { gats: 'GATS+', afcfta: 'AfCFTA+' };
  const marks = [entry.isChecked && labels.gats, entry.isCheckedLiberation && labels.afcfta].filter(Boolean).join(', ');
  const note = entry.hasComment ? entry.comment.trim() : '';
  return [shown, marks && `[${marks}]`, note && `(${note})`].filter(Boolean).join(' ');
}

/** The services of a sector as the schedule names them: "1.A.a Legal services; 1.A.b Accounting…". */
export function sectorLabel(
  sector: Pick<Sector, 'services'>,
  serviceTitle: DiffOptions['serviceTitle'] = (s) => s.title,
): string {
  return sector.services
    .map((s) => (s.value ? `${s.value} ${serviceTitle(s)}` : serviceTitle(s)).trim())
    .filter(Boolean)
    .join('; ');
}

/** The texts of a table row's cells. */
export const rowTexts = (row: readonly TableCell[]) => row.map((c) => richTextToPlain(c.value));

// ---------------------------------------------------------------------------------------------------------------
// Alignment

/** What identifies a service across versions: its classification key, else its code, else its title. */
const serviceKeys = (sector: Sector) =>
  sector.services.map((s) => (s.key || s.value || s.title).trim()).filter(Boolean);

/**
 * Sectors of two documents side by side, in the second document's order (removed sectors where they stood):
 * 1. the same set of services (or, for sectors without a service, the same sector id) pairs one to one;
 * 2. a sector left pairs with the sector of the other document sharing most services — so each half of a split
 *    sector meets the sector it came from, and a merged sector meets each part it came from;
 * 3. what is still left was added or removed.
 */
function alignSectors(
  before: readonly Sector[],
  after: readonly Sector[],
  serviceTitle?: DiffOptions['serviceTitle'],
): Omit<SectorPair, 'status'>[] {
  const keysA = before.map((s) => new Set(serviceKeys(s)));
  const keysB = after.map((s) => new Set(serviceKeys(s)));
  const signature = (sector: Sector) => {
    const keys = [...new Set(serviceKeys(sector))];
    return keys.length > 0 ? `k:${keys.sort().join('\u0000')}` : `id:${sector.sectorId}`;
  };
  const pairOf: (number | null)[] = after.map(() => null);
  const usedA = new Set<number>();

  const bySignature = new Map<string, number[]>();
  before.forEach((s, i) => {
    const sig = signature(s);
    bySignature.set(sig, [...(bySignature.get(sig) ?? []), i]);
  });
  after.forEach((s, j) => {
    const candidates = bySignature.get(signature(s));
    const i = candidates?.shift();
    if (i !== undefined) {
      pairOf[j] = i;
      usedA.add(i);
    }
  });

  const overlap = (a: Set<string>, b: Set<string>) => {
    let n = 0;
    for (const k of a) if (b.has(k)) n++;
    return n;
  };
  /** The index in `among` of the sector sharing most services with `keys` (the first of equals), or null. */
  const mostShared = (keys: Set<string>, among: readonly Set<string>[], eligible: (index: number) => boolean) => {
    let found: number | null = null;
    let most = 0;
    for (const [index, other] of among.entries()) {
      if (!eligible(index)) continue;
      const n = overlap(keys, other);
      if (n > most) {
        most = n;
        found = index;
      }
    }
    return found;
  };
  // An unpaired sector first looks among the unpaired of the other side, then among all (a split or a merge).
  keysB.forEach((keys, j) => {
    if (pairOf[j] !== null) return;
    const i = mostShared(keys, keysA, (i) => !usedA.has(i)) ?? mostShared(keys, keysA, () => true);
    if (i !== null) pairOf[j] = i;
  });
  for (const i of pairOf) if (i !== null) usedA.add(i);

  const extra: { i: number; j: number }[] = [];
  const removed: number[] = [];
  keysA.forEach((keys, i) => {
    if (usedA.has(i)) return;
    const j = mostShared(keys, keysB, () => true);
    if (j === null) removed.push(i);
    else extra.push({ i, j });
  });

  const rows: Omit<SectorPair, 'status'>[] = [];
  const pair = (i: number | null, j: number | null): Omit<SectorPair, 'status'> => {
    const a = i === null ? null : (before[i] ?? null);
    const b = j === null ? null : (after[j] ?? null);
    const shown = b ?? a;
    return {
      before: a,
      after: b,
      beforeIndex: i,
      afterIndex: j,
      label: shown ? sectorLabel(shown, serviceTitle) : '',
    };
  };
  const emitRemovedUpTo = (limit: number) => {
    for (let i = removed[0]; i !== undefined && i < limit; i = removed[0]) {
      removed.shift();
      rows.push(pair(i, null));
    }
  };
  pairOf.forEach((i, j) => {
    if (i !== null) emitRemovedUpTo(i);
    rows.push(pair(i, j));
    for (const e of extra) if (e.j === j) rows.push(pair(e.i, j));
  });
  emitRemovedUpTo(Infinity);
  return rows;
}

/**
 * Table rows of two documents side by side: rows with the same texts are kept in order (longest common subsequence
 * of rows); between two kept rows, the rows left are paired in order as changed, the surplus added or removed.
 */
function alignRows(before: readonly TableCell[][], after: readonly TableCell[][]): RowPair[] {
  const sa = before.map((r) => rowTexts(r).join('\u0000'));
  const sb = after.map((r) => rowTexts(r).join('\u0000'));
  const n = sa.length;
  const m = sb.length;
  const common = commonSubsequenceLengths(sa, sb);
  const pairs: RowPair[] = [];
  let pendingA: number[] = [];
  let pendingB: number[] = [];
  const firstCell = (row: readonly TableCell[] | undefined) => richTextToPlain(row?.[0]?.value ?? '');
  const emit = (i: number | null, j: number | null, status: RowPair['status']) =>
    pairs.push({
      before: i === null ? null : (before[i] ?? null),
      after: j === null ? null : (after[j] ?? null),
      beforeIndex: i,
      afterIndex: j,
      status,
    });
  // Between two kept rows: a row whose first cell (its sector) is unchanged pairs with that row, the others in order.
  const flush = () => {
    const partner = new Map<number, number>();
    const takenA = new Set<number>();
    for (const j of pendingB) {
      const i = pendingA.find((i) => !takenA.has(i) && firstCell(before[i]) === firstCell(after[j]));
      if (i !== undefined) {
        partner.set(j, i);
        takenA.add(i);
      }
    }
    const restA = pendingA.filter((i) => !takenA.has(i));
    for (const j of pendingB) {
      if (partner.has(j)) continue;
      const i = restA.shift();
      if (i !== undefined) partner.set(j, i);
    }
    for (const j of pendingB) {
      const i = partner.get(j);
      if (i === undefined) emit(null, j, 'added');
      else emit(i, j, 'changed');
    }
    for (const i of restA) emit(i, null, 'removed');
    pendingA = [];
    pendingB = [];
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sa[i] === sb[j]) {
      flush();
      emit(i, j, 'same');
      i++;
      j++;
    } else if (j >= m || (i < n && common(i + 1, j) >= common(i, j + 1))) {
      pendingA.push(i++);
    } else {
      pendingB.push(j++);
    }
  }
  flush();
  return pairs;
}

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
        a[block].comment.trim(),
        b[block].comment.trim(),
      ),
    );
  }
  for (const part of ['commitment', 'comment'] as const)
    add(
      changed(
        { ...base, id: cellId.additional(row, part), block: 'additionalCommitment', mode: null, part },
        a.additionalCommitment[part].trim(),
        b.additionalCommitment[part].trim(),
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
