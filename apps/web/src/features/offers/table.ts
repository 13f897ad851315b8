/**
 * The horizontal-commitments (4 columns) and MFN-exemptions (5 columns) tables: rows of rich-text cells with a bold
 * toggle and a column span. The contract requires every row to span exactly its table's width, so widening a cell
 * takes the columns of the following cells, and narrowing it adds blank cells after it. A span never covers a cell
 * that holds text (the neighbour's text would be merged in and could not be taken apart again): it is refused,
 * so setting the span back to 1 always gives back the cells as they were.
 */
import type { TableCell } from '@portal/shared';
import { blankCell, blankRow, HORIZONTAL_ROW_CELLS, MFN_ROW_CELLS } from './contract';

/** The horizontal-commitments table's columns (the MFN table's are `MFN_COLUMNS` of the contract). */
export const HORIZONTAL_COLUMNS = ['sector', 'limitationsMA', 'limitationsNT', 'additional'] as const;

export type TableKind = 'horizontal' | 'mfn';
export type Row = TableCell[];

const tableWidth = (kind: TableKind) => (kind === 'horizontal' ? HORIZONTAL_ROW_CELLS : MFN_ROW_CELLS);
const span = (cell: TableCell) => cell.style.cols ?? 1;

export function addRow(rows: Row[], kind: TableKind): Row[] {
  return [...rows, blankRow(kind)];
}

export function removeRow(rows: Row[], index: number): Row[] {
  return rows.filter((_, i) => i !== index);
}

/**
 * The rows with the cell at row r, column c replaced by what `update` makes of it. The same rows when there is no such
 * cell or `update` gives it back unchanged; otherwise only that row is copied (the others are kept by reference).
 */
function updateCell(rows: Row[], r: number, c: number, update: (cell: TableCell) => TableCell): Row[] {
  const cell = rows[r]?.[c];
  if (!cell) return rows;
  const next = update(cell);
  if (next === cell) return rows;
  return rows.map((row, i) => (i === r ? row.map((old, j) => (j === c ? next : old)) : row));
}

export function setCellValue(rows: Row[], r: number, c: number, value: string): Row[] {
  return updateCell(rows, r, c, (cell) => (cell.value === value ? cell : { ...cell, value }));
}

export function toggleBold(rows: Row[], r: number, c: number): Row[] {
  return updateCell(rows, r, c, (cell) => ({
    ...cell,
    style: { ...cell.style, weight: cell.style.weight === 'bold' ? 'normal' : 'bold' },
  }));
}

/**
 * Reads what the user typed as a column span (the spec's validation rules: accepted only if greater than 0 or empty).
 * Empty means no span (one column); anything else that is not a whole number above 0 is refused.
 */
export function parseColspan(input: string): { ok: true; cols: number | null } | { ok: false } {
  const text = input.trim();
  if (text === '') return { ok: true, cols: null };
  if (!/^\d+$/.test(text)) return { ok: false };
  const n = Number(text);
  return n > 0 ? { ok: true, cols: n } : { ok: false };
}

type ColspanResult =
  { ok: true; rows: Row[] } | { ok: false; reason: 'invalid' | 'tooWide' | 'coversText'; max: number };

/** True when a cell shows nothing: no text once its markup is set aside (an emptied rich-text cell keeps `<p></p>`). */
export function isBlankCell(cell: TableCell): boolean {
  return (
    cell.value
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() === ''
  );
}

/**
 * Sets a cell's span, taking the columns of the blank cells after it or adding blank cells after it, so the row
 * still spans the table's width. Refused when it would cover a cell holding text.
 */
export function setColspan(rows: Row[], kind: TableKind, r: number, c: number, input: string): ColspanResult {
  const row = rows[r];
  const cell = row?.[c];
  // No such cell: nothing to change.
  if (!row || !cell) return { ok: true, rows };
  const width = tableWidth(kind);
  const before = row.slice(0, c).reduce((sum, left) => sum + span(left), 0);
  const max = width - before;
  const parsed = parseColspan(input);
  if (!parsed.ok) return { ok: false, reason: 'invalid', max };
  const cols = parsed.cols ?? 1;
  if (cols > max) return { ok: false, reason: 'tooWide', max };

  const target: TableCell = { ...cell, style: { ...cell.style, cols: cols === 1 ? null : cols } };
  const after = row.slice(c + 1);
  let extra = cols - span(cell);
  // Widening takes the columns of the next cells, which must be blank; narrowing adds blank cells.
  while (extra > 0 && after.length > 0) {
    const taken = after.shift()!;
    if (!isBlankCell(taken)) return { ok: false, reason: 'coversText', max };
    extra -= span(taken);
  }
  const blanks = Array.from({ length: Math.abs(Math.min(extra, 0)) }, blankCell);
  after.unshift(...blanks);
  const widened = [...row.slice(0, c), target, ...after];
  return { ok: true, rows: rows.map((old, i) => (i === r ? widened : old)) };
}

/** True when every row spans exactly the table's width (what the server accepts). */
export function rowsAreWhole(rows: Row[], kind: TableKind): boolean {
  return rows.every((row) => row.reduce((sum, cell) => sum + span(cell), 0) === tableWidth(kind));
}
