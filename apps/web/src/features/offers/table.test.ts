import { describe, expect, it } from 'vitest';
import { blankRow, type TableCell } from '@portal/shared';
import {
  addRow,
  isBlankCell,
  parseColspan,
  removeRow,
  rowsAreWhole,
  setCellValue,
  setColspan,
  toggleBold,
} from './table';
import { itemAt } from '../../test/itemAt';

const values = (row: TableCell[]) => row.map((c) => `${c.value}|${c.style.cols ?? 1}`);

describe('commitment tables', () => {
  it('adds rows of 4 cells (horizontal) and 5 cells (MFN), and removes rows', () => {
    expect(addRow([], 'horizontal')[0]).toHaveLength(4);
    const rows = addRow(addRow([], 'mfn'), 'mfn');
    expect(rows[1]).toHaveLength(5);
    expect(removeRow(rows, 0)).toHaveLength(1);
  });

  it('edits a cell value and toggles bold without touching other rows', () => {
    const rows = [blankRow('horizontal'), blankRow('horizontal')];
    const edited = toggleBold(setCellValue(rows, 1, 2, '<p>Land</p>'), 1, 2);
    expect(edited[1]?.[2]).toEqual({ value: '<p>Land</p>', style: { cols: null, weight: 'bold' } });
    expect(edited[0]).toBe(rows[0]);
    expect(toggleBold(edited, 1, 2)[1]?.[2]?.style.weight).toBe('normal');
    expect(setCellValue(rows, 0, 0, '')).toBe(rows);
  });

  it('accepts a column span only if greater than 0 or empty', () => {
    expect(parseColspan('')).toEqual({ ok: true, cols: null });
    expect(parseColspan(' 2 ')).toEqual({ ok: true, cols: 2 });
    expect(parseColspan('0')).toEqual({ ok: false });
    expect(parseColspan('-1')).toEqual({ ok: false });
    expect(parseColspan('1.5')).toEqual({ ok: false });
    expect(parseColspan('two')).toEqual({ ok: false });
  });

  it('refuses a span over a cell holding text: the neighbour keeps its text and the row is unchanged', () => {
    const row = blankRow('horizontal').map((c, i) => ({ ...c, value: `<p>c${i}</p>` }));
    expect(setColspan([row], 'horizontal', 0, 1, '2')).toEqual({ ok: false, reason: 'coversText', max: 3 });
    expect(values(row)).toEqual(['<p>c0</p>|1', '<p>c1</p>|1', '<p>c2</p>|1', '<p>c3</p>|1']);
  });

  it('spans over blank cells (an emptied rich-text cell counts as blank), and span 1 gives the cells back', () => {
    const row = blankRow('horizontal').map((c, i) => ({ ...c, value: i === 2 ? '<p> </p>' : `c${i}` }));
    expect(isBlankCell(itemAt(row, 2))).toBe(true);
    const result = setColspan([row], 'horizontal', 0, 1, '2');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(values(itemAt(result.rows, 0))).toEqual(['c0|1', 'c1|2', 'c3|1']);
    expect(rowsAreWhole(result.rows, 'horizontal')).toBe(true);

    const undone = setColspan(result.rows, 'horizontal', 0, 1, '1');
    expect(undone.ok && values(itemAt(undone.rows, 0))).toEqual(['c0|1', 'c1|1', '|1', 'c3|1']);
    expect(undone.ok && rowsAreWhole(undone.rows, 'horizontal')).toBe(true);
  });

  it('refuses 0, negative and spans wider than what is left of the row', () => {
    const rows = [blankRow('mfn')];
    expect(setColspan(rows, 'mfn', 0, 0, '0')).toEqual({ ok: false, reason: 'invalid', max: 5 });
    expect(setColspan(rows, 'mfn', 0, 3, '3')).toEqual({ ok: false, reason: 'tooWide', max: 2 });
    const full = setColspan(rows, 'mfn', 0, 0, '5');
    expect(full.ok && full.rows[0]).toHaveLength(1);
  });
});
