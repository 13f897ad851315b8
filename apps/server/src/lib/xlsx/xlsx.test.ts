import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { foreignXlsx, lyingZip, passwordProtectedXlsx, zipBomb } from '../../../test/xlsx-fixtures.js';
import { must } from '../../../test/must.js';
import { XlsxReadError, openXlsx, readSheet } from './read.js';
import { lineCount, rowHeight } from './row-height.js';
import { writeXlsx } from './write.js';
import { openZip } from './zip-read.js';

const BIDI = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

async function parts(xlsx: Buffer) {
  const zip = await JSZip.loadAsync(xlsx);
  const out: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) out[name] = await file.async('string');
  return out;
}

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof XlsxReadError ? e.reason : e;
  }
  return 'read';
};

describe('writeXlsx', () => {
  const book = () =>
    writeXlsx({
      title: 'Schedule \u2068x\u2069',
      creator: 'Portal',
      sheets: [
        {
          name: 'People: a/b',
          widths: [10, 20],
          freeze: { rows: 1 },
          rows: [
            { cells: ['Name', 'Note', 'Count', 'Yes'], style: { bold: true } },
            ['Ann <&> _x0041_', ' lead\ttab ', 3.5, true],
            [],
            [null, '', { value: 'merged', span: 2, style: { fill: 'E6E6E6', italic: true } }, false],
          ],
        },
        {
          name: 'عربي',
          rightToLeft: true,
          widths: [20],
          rows: [
            [{ value: '\u2067الفقرة\u2069 \u2066(1.A.a)\u2069\nسطر ثان', style: { wrap: true, readingOrder: 'rtl' } }],
          ],
        },
      ],
    });

  it('writes values that read back as written, by our reader', async () => {
    const data = book();
    const first = await readSheet(data);
    expect(first.name).toBe('People  a b');
    expect(first.rightToLeft).toBe(false);
    expect(first.rows).toEqual([
      { number: 1, cells: ['Name', 'Note', 'Count', 'Yes'] },
      { number: 2, cells: ['Ann <&> _x0041_', ' lead\ttab ', 3.5, true] },
      { number: 3, cells: [] },
      { number: 4, cells: [null, null, 'merged', null, false] },
    ]);
    const arabic = await readSheet(data, 'عربي');
    expect(arabic).toMatchObject({ rightToLeft: true, rows: [{ cells: ['الفقرة (1.A.a)\nسطر ثان'] }] });
  });

  it('holds the layout in the XML itself: merges, frozen header, direction by sheet and cell, row heights', async () => {
    const p = await parts(book());
    const people = p['xl/worksheets/sheet1.xml'];
    expect(people).toContain('<mergeCell ref="C4:D4"/>');
    expect(people).toMatch(/<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"\/>/);
    expect(people).toContain('<col min="2" max="2" width="20" customWidth="1"/>');
    expect(people).not.toContain(' ht="');
    const arabic = p['xl/worksheets/sheet2.xml'];
    expect(arabic).toContain('rightToLeft="1"');
    expect(arabic).toMatch(/<row r="1" ht="[\d.]+" customHeight="1">/);
    expect(p['xl/styles.xml']).toContain('readingOrder="2"');
    expect(p['xl/styles.xml']).toContain('<fgColor rgb="FFE6E6E6"/>');
    expect(p['xl/sharedStrings.xml']).not.toMatch(BIDI);
    expect(p['xl/sharedStrings.xml']).toContain('Ann &lt;&amp;&gt; _x005F_x0041_');
    expect(p['docProps/core.xml']).toContain('<dc:title>Schedule x</dc:title>');
  });

  it('drops characters XML cannot hold and cuts text at 32,767 characters', async () => {
    const data = writeXlsx({ sheets: [{ name: 'S', rows: [['a\u0001b\r\nc\ud800', 'x'.repeat(40_000)]] }] });
    const row = must((await readSheet(data)).rows[0]);
    expect(row.cells[0]).toBe('ab\nc');
    expect(row.cells[1]).toHaveLength(32_767);
  });
});

describe('row heights', () => {
  it('counts the lines of wrapped text from the width, line breaks and font', () => {
    expect(lineCount({ text: 'short', width: 30, wrap: true })).toBe(1);
    expect(lineCount({ text: 'a\nb\nc', width: 30, wrap: true })).toBe(3);
    expect(lineCount({ text: 'word '.repeat(40).trim(), width: 30, wrap: true })).toBe(8);
    expect(lineCount({ text: 'x'.repeat(100), width: 10, wrap: true })).toBe(12);
    expect(lineCount({ text: 'a\nb', width: 30 })).toBe(1);
    expect(lineCount({ text: 'word '.repeat(20), width: 30, wrap: true, size: 14 })).toBeGreaterThan(
      lineCount({ text: 'word '.repeat(20), width: 30, wrap: true }),
    );
  });
  it('gives the tallest cell of a row, nothing for a plain one-line row, at most 409 points', () => {
    expect(rowHeight([{ text: 'one line', width: 30, wrap: true }])).toBeUndefined();
    const four = rowHeight([
      { text: '1\n2\n3\n4', width: 30, wrap: true },
      { text: 'x', width: 30, wrap: true },
    ])!;
    expect(four).toBeGreaterThanOrEqual(4 * 15);
    expect(rowHeight([{ text: 'Title', width: 30, size: 14 }])).toBeGreaterThan(15);
    expect(rowHeight([{ text: 'x\n'.repeat(500), width: 30, wrap: true }])).toBe(409);
  });
});

describe('openXlsx on files from elsewhere', () => {
  it('reads a workbook another program wrote: shared strings, rich text, prefixes, gaps, the named sheet', async () => {
    const data = await foreignXlsx([
      ['Member', 'Code', 'Text'],
      ['Member Y', '', 'Hotel |lodging', 12.5],
    ]);
    const book = openXlsx(data);
    expect(book.sheetNames).toEqual(['Data', 'Other']);
    const rows = [];
    for await (const row of book.rows()) rows.push(row.cells);
    expect(rows).toEqual([
      ['Member', 'Code', 'Text'],
      ['Member Y', null, 'Hotel lodging', 12.5],
    ]);
    expect((await readSheet(data, 'Other')).rows[0]?.cells).toEqual(['Not this one']);
  });

  it('refuses a password-protected workbook, a zip bomb, a lying zip, a non-zip and a DOCTYPE before reading', async () => {
    expect(refusal(() => openXlsx(passwordProtectedXlsx()))).toBe('encrypted');
    const started = Date.now();
    expect(refusal(() => openXlsx(zipBomb(60)))).toBe('too-large');
    expect(refusal(() => openXlsx(zipBomb(2), { maxUnpackedBytes: 1024 * 1024, maxEntries: 10 }))).toBe('too-large');
    expect(refusal(() => openZip(lyingZip()).read('xl/worksheets/sheet1.xml'))).toBe('too-large');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(refusal(() => openXlsx(Buffer.from('Member,SectorCode\n')))).toBe('not-xlsx');
    expect(refusal(() => openXlsx(Buffer.alloc(0)))).toBe('not-xlsx');
    const many = writeXlsx({ sheets: Array.from({ length: 5 }, (_, i) => ({ name: `S${i}`, rows: [] })) });
    expect(refusal(() => openXlsx(many, { maxUnpackedBytes: 1 << 20, maxEntries: 8 }))).toBe('too-large');

    const zip = await JSZip.loadAsync(writeXlsx({ sheets: [{ name: 'S', rows: [['x']] }] }));
    zip.file('xl/workbook.xml', '<!DOCTYPE x [<!ENTITY a "aaaa">]><workbook/>');
    const doctype = await zip.generateAsync({ type: 'nodebuffer' });
    expect(refusal(() => openXlsx(doctype))).toBe('not-xlsx');
  });
});
