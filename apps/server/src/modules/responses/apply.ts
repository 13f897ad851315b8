/**
 * Writing an accepted entry of a counter offer into the answering country's draft, and taking it back out (DESIGN
 * 13). Pure functions on documents: the caller saves the result through the offer's save rules (lease, revision,
 * audit). What was written is kept with the decision (`Applied`), so that a decline or a reopening takes out exactly
 * that value, and only while the draft still holds it.
 */
import crypto from 'node:crypto';
import {
  alignRows,
  alignSectors,
  rowTexts,
  LIMITATION_BLOCK_OF,
  sectorIdentity,
  type ChangedEntry,
  type CommitmentEntry,
  type OfferDocument,
  type Sector,
  type TableCell,
} from '@portal/shared';

/** Where an accepted value went in the draft, and the draft's value before and after. */
export interface Applied {
  part: ChangedEntry['part'];
  /** The draft sector's id (assigned here when it had none), for a sector's entry. */
  sectorId: string | null;
  block: ChangedEntry['block'];
  mode: ChangedEntry['mode'];
  field: ChangedEntry['field'];
  /** A table cell's column. */
  column: number | null;
  /** The value before and after, as stored (an entry, a text, a sector, a row, a cell; null for nothing). */
  before: unknown;
  after: unknown;
  /** A table cell's whole row as written, to find that row again (values such as "None" repeat across rows). */
  row?: string[];
}

type Doc = OfferDocument;
const clone = <T>(value: T): T => structuredClone(value);
/** JSON with object keys sorted: a value read back from jsonb or re-saved by the editor compares equal. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const emptyCell = (): TableCell => ({ value: '', style: { cols: null, weight: 'normal' } });

/** An entry as the draft keeps it: the counter offer's marks of change are the proposer's, not the draft's. */
const cleanEntry = (entry: CommitmentEntry): CommitmentEntry => ({
  ...entry,
  hasChanged: false,
  edited: false,
  resolved: false,
});

/** The draft sector that stands for the answered version's sector: the same id, else the one aligned with it. */
function draftSectorIndex(draft: Doc, version: Doc, beforeIndex: number): number | null {
  const sector = version.sectors[beforeIndex];
  if (!sector) return null;
  if (sector.sectorId) {
    const byId = draft.sectors.findIndex((s) => s.sectorId === sector.sectorId);
    if (byId >= 0) return byId;
  }
  const pair = alignSectors(version.sectors, draft.sectors).find((p) => p.beforeIndex === beforeIndex);
  return pair?.afterIndex ?? null;
}

/** Reads the value of a sector's entry (an entry, a note, an additional commitment's part). */
function readSectorValue(sector: Sector, entry: Pick<ChangedEntry, 'block' | 'mode' | 'field'>): unknown {
  const c = sector.sectorCommitement;
  if (entry.block === 'MA' || entry.block === 'NT') {
    const block = c[LIMITATION_BLOCK_OF[entry.block]];
    return entry.mode ? cleanEntry(block[entry.mode]) : block.comment;
  }
  if (entry.block === 'ADDITIONAL') return c.additionalCommitment[entry.field === 'comment' ? 'comment' : 'commitment'];
  return null;
}

function writeSectorValue(sector: Sector, entry: Pick<ChangedEntry, 'block' | 'mode' | 'field'>, value: unknown) {
  const c = sector.sectorCommitement;
  if (entry.block === 'MA' || entry.block === 'NT') {
    const block = c[LIMITATION_BLOCK_OF[entry.block]];
    if (entry.mode) block[entry.mode] = clone(value as CommitmentEntry);
    else block.comment = value as string;
  } else if (entry.block === 'ADDITIONAL') {
    c.additionalCommitment[entry.field === 'comment' ? 'comment' : 'commitment'] = value as string;
  }
}

const tableOf = (doc: Doc, part: ChangedEntry['part']) =>
  part === 'HORIZONTAL' ? doc.geenralCommitement : doc.geenralCommitementCon;

/**
 * The draft with the counter offer's value of `entry` written in, and what was written; null when the draft no
 * longer has the place the entry stood (its sector or row was removed from the draft since).
 */
export function acceptInto(
  draftIn: Doc,
  version: Doc,
  counter: Doc,
  entry: ChangedEntry,
): { document: Doc; applied: Applied } | null {
  const draft = clone(draftIn);
  const base = { part: entry.part, block: entry.block, mode: entry.mode, field: entry.field, column: entry.column };
  if (entry.part === 'SECTOR') {
    const proposed = entry.afterIndex === null ? null : counter.sectors[entry.afterIndex]!;
    if (entry.field === 'whole') {
      if (entry.kind === 'added' && proposed) {
        const added = { ...clone(proposed), sectorId: proposed.sectorId || crypto.randomUUID(), changed: false };
        draft.sectors.push(added);
        return { document: draft, applied: { ...base, sectorId: added.sectorId, before: null, after: added } };
      }
      const at = entry.beforeIndex === null ? null : draftSectorIndex(draft, version, entry.beforeIndex);
      if (at === null) return null;
      const [removed] = draft.sectors.splice(at, 1);
      return { document: draft, applied: { ...base, sectorId: removed!.sectorId, before: removed, after: null } };
    }
    const at = entry.beforeIndex === null ? null : draftSectorIndex(draft, version, entry.beforeIndex);
    if (at === null || !proposed) return null;
    const sector = draft.sectors[at]!;
    // The answered version's identity of the sector, so the history finds it in the versions and in the draft.
    sector.sectorId ||= sectorIdentity(version.sectors[entry.beforeIndex!]!);
    const before = readSectorValue(sector, entry);
    const after = readSectorValue(proposed, entry);
    writeSectorValue(sector, entry, after);
    return { document: draft, applied: { ...base, sectorId: sector.sectorId, before, after } };
  }
  const table = tableOf(draft, entry.part);
  const proposedRow = entry.afterIndex === null ? null : tableOf(counter, entry.part)[entry.afterIndex]!;
  if (entry.field === 'whole' && entry.kind === 'added' && proposedRow) {
    table.push(clone(proposedRow));
    return { document: draft, applied: { ...base, sectorId: null, before: null, after: proposedRow } };
  }
  const pair = alignRows(tableOf(version, entry.part), table).find((p) => p.beforeIndex === entry.beforeIndex);
  const at = pair?.afterIndex ?? null;
  if (at === null) return null;
  if (entry.field === 'whole') {
    const [removed] = table.splice(at, 1);
    return { document: draft, applied: { ...base, sectorId: null, before: removed, after: null } };
  }
  const row = table[at]!;
  const column = entry.column!;
  // A cell the counter offer emptied (its row shorter) is written empty; a wider row is padded, never left with holes.
  const after: TableCell = clone(proposedRow?.[column] ?? emptyCell());
  while (row.length <= column) row.push(emptyCell());
  const before = clone(row[column]!);
  row[column] = after;
  return { document: draft, applied: { ...base, sectorId: null, before, after, row: rowTexts(row) } };
}

/**
 * The draft with an accepted value taken back out, when the draft still holds it as written; null when it does not
 * (the country changed it since, or removed its place): the draft is then left as the country made it.
 */
export function takeOut(draftIn: Doc, applied: Applied): Doc | null {
  const draft = clone(draftIn);
  if (applied.part === 'SECTOR') {
    const at = draft.sectors.findIndex((s) => s.sectorId === applied.sectorId);
    if (applied.field === 'whole') {
      if (applied.after !== null) {
        if (at < 0 || !same(draft.sectors[at], applied.after)) return null;
        draft.sectors.splice(at, 1);
      } else {
        if (at >= 0) return null;
        draft.sectors.push(clone(applied.before as Sector));
      }
      return draft;
    }
    if (at < 0) return null;
    const sector = draft.sectors[at]!;
    if (!same(readSectorValue(sector, applied), applied.after)) return null;
    writeSectorValue(sector, applied, applied.before);
    return draft;
  }
  const table = tableOf(draft, applied.part);
  const texts = (row: unknown) => rowTexts(row as TableCell[]).join('\u0000');
  if (applied.field === 'whole') {
    if (applied.after !== null) {
      const at = table.findIndex((row) => texts(row) === texts(applied.after));
      if (at < 0) return null;
      table.splice(at, 1);
    } else {
      table.push(clone(applied.before as TableCell[]));
    }
    return draft;
  }
  const column = applied.column!;
  const written = applied.row?.join('\u0000');
  const row = table.find(
    (r) => r[column] && same(r[column], applied.after) && (written === undefined || texts(r) === written),
  );
  if (!row) return null;
  row[column] = applied.before ? clone(applied.before as TableCell) : emptyCell();
  return draft;
}
