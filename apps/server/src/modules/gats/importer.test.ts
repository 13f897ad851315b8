import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { GATS_COLUMNS } from '@portal/shared';
import { foreignXlsx, passwordProtectedXlsx, zipBomb } from '../../../test/xlsx-fixtures.js';
import { must } from '../../../test/must.js';
import { writeXlsx, type CellValue } from '../../lib/xlsx/write.js';
import { ImportFileError, readGatsFile, validateGatsRows } from './importer.js';

const workbook = (rows: CellValue[][], sheets = 1) =>
  writeXlsx({ sheets: Array.from({ length: sheets }, (_, s) => ({ name: `S${s}`, rows })) });

const line = [
  'Member X',
  '1.A.a',
  '',
  'Legal',
  'None',
  'None',
  'None',
  'Unbound',
  'None',
  'None',
  'None',
  'Unbound',
  'S',
];

describe('readGatsFile', () => {
  it('reads the first sheet of an .xlsx, cells as text (numbers, booleans, gaps, blank rows skipped)', async () => {
    const data = workbook([[], [...GATS_COLUMNS], line, [], ['Member Y', '9.A', 12.5, true, null, 'x']], 2);
    const { header, rows } = await readGatsFile('a.XLSX', data);
    expect(header).toEqual([...GATS_COLUMNS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['Member Y', '9.A', '12.5', 'true', '', 'x']);
  });
  it('reads an .xlsx another program wrote: shared strings, rich text runs, column gaps, the first sheet', async () => {
    const data = await foreignXlsx([[...GATS_COLUMNS], ['Member Z', '9.A', '', 'Hotel |lodging', 'None']]);
    const { header, rows } = await readGatsFile('other.xlsx', data);
    expect(header).toEqual([...GATS_COLUMNS]);
    expect(rows).toEqual([['Member Z', '9.A', '', 'Hotel lodging', 'None']]);
  });
  it('refuses a zip bomb, a password-protected workbook and a file that is no workbook, saying which', async () => {
    await expect(readGatsFile('bomb.xlsx', zipBomb(60))).rejects.toThrow(/unpacks to more than 50 MB/);
    await expect(readGatsFile('locked.xlsx', passwordProtectedXlsx())).rejects.toThrow(/password-protected/);
    await expect(readGatsFile('table.xlsx', Buffer.from('Member,SectorCode\n'))).rejects.toThrow(
      /not a readable .xlsx workbook/,
    );
  });
  it('reads an .xlsx whose zip holds the worksheet before the workbook part (any order is valid)', async () => {
    const zip = await JSZip.loadAsync(workbook([[...GATS_COLUMNS], line]));
    const reordered = new JSZip();
    const names = Object.values(zip.files)
      .filter((file) => !file.dir)
      .map((file) => file.name);
    // The shared strings first, then the worksheet, the workbook part last: the worksheet is read as it comes.
    const first = ['xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/worksheets/sheet1.xml'];
    const order = [...first, ...names.filter((n) => !first.includes(n) && n !== 'xl/workbook.xml'), 'xl/workbook.xml'];
    for (const name of order) reordered.file(name, await must(zip.file(name)).async('nodebuffer'));
    const data = await reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    const { header, rows } = await readGatsFile('late-workbook.xlsx', data);
    expect(header).toEqual([...GATS_COLUMNS]);
    expect(rows.map((r) => r[0])).toEqual(['Member X']);
  });
  it('stops reading an .xlsx as soon as it passes the row limit', async () => {
    const data = workbook([[...GATS_COLUMNS], ...Array.from({ length: 20 }, () => line)]);
    await expect(readGatsFile('big.xlsx', data, 10)).rejects.toThrow(/more than 10 data rows; at most 10/);
    await expect(readGatsFile('ok.xlsx', data, 20)).resolves.toMatchObject({ rows: { length: 20 } });
  });
  it('reads CSV with a byte-order mark and refuses other types', async () => {
    const { header } = await readGatsFile('a.csv', Buffer.from(`\uFEFF${GATS_COLUMNS.join(',')}\n${line.join(',')}\n`));
    expect(header[0]).toBe('Member');
    await expect(readGatsFile('a.xls', Buffer.from('x'))).rejects.toBeInstanceOf(ImportFileError);
  });
});

describe('validateGatsRows', () => {
  const sectors = new Map([['1.A.a', 'Legal Services']]);
  it('accepts the columns in any order and case, fills an empty SectorName from W/120', () => {
    const header = [...GATS_COLUMNS].reverse().map((c) => c.toUpperCase());
    const { good, refused } = validateGatsRows(header, [[...line].reverse()], sectors);
    expect(refused).toEqual([]);
    expect(good[0]).toMatchObject({
      member: 'Member X',
      sectorCode: '1.A.a',
      sectorName: 'Legal Services',
      ma: ['None', 'None', 'None', 'Unbound'],
    });
  });
  it('refuses over-long cells and gives every reason of a row', () => {
    const long = [...line];
    long[0] = '';
    long[3] = 'x'.repeat(10_001);
    const { refused } = validateGatsRows([...GATS_COLUMNS], [long], sectors);
    expect(refused).toEqual([{ row: 2, reason: 'Member is empty; SectorText is longer than 10000 characters' }]);
  });
});
