/**
 * The schedule as an Excel workbook (npm `exceljs`) for the secretariat's compilations: the same rows as the PDF on
 * one sheet, one spreadsheet row per schedule row, the lines of a cell kept as lines; Arabic sheets right to left.
 */
import ExcelJS from 'exceljs';
import type { LayoutTable, ScheduleLayout } from './layout.js';

const WIDTH = 5;

/** The text of a cell as a spreadsheet holds it: its lines, one per line. */
export function cellText(lines: { text: string }[]): string {
  return lines.map((l) => l.text).join('\n');
}

export async function renderXlsx(layout: ScheduleLayout): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.title = layout.heading;
  const sheet = book.addWorksheet('Schedule', {
    views: [{ rightToLeft: layout.direction === 'rtl' }],
    pageSetup: {
      // paperSize left out: Excel's default is Letter (1), which exceljs's enum does not name.
      orientation: 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      margins: { left: 0.59, right: 0.59, top: 0.59, bottom: 0.59, header: 0.3, footer: 0.3 },
    },
    headerFooter: { oddFooter: '&P / &N' },
  });
  sheet.columns = [{ width: 30 }, { width: 40 }, { width: 40 }, { width: 30 }, { width: 30 }];
  const alignment: Partial<ExcelJS.Alignment> = {
    wrapText: true,
    vertical: 'top',
    readingOrder: layout.direction === 'rtl' ? 'rtl' : 'ltr',
  };
  const line = (text: string, font: Partial<ExcelJS.Font> = {}) => {
    const row = sheet.addRow([text]);
    sheet.mergeCells(row.number, 1, row.number, WIDTH);
    row.getCell(1).font = font;
    row.getCell(1).alignment = { ...alignment, wrapText: true };
    return row;
  };
  const table = (t: LayoutTable) => {
    sheet.addRow([]);
    line(t.title, { bold: true, size: 12 });
    const head = sheet.addRow(t.columns);
    head.eachCell((c) => {
      c.font = { bold: true };
      c.alignment = alignment;
      c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6E6E6' } };
    });
    for (const cells of t.rows) {
      const values: string[] = [];
      const spans: [number, number][] = [];
      const starts: number[] = [];
      for (const cell of cells) {
        const start = values.length + 1;
        starts.push(start);
        values.push(cellText(cell.lines));
        for (let i = 1; i < (cell.span ?? 1); i++) values.push('');
        if ((cell.span ?? 1) > 1) spans.push([start, start + (cell.span ?? 1) - 1]);
      }
      const row = sheet.addRow(values);
      for (const [from, to] of spans) sheet.mergeCells(row.number, from, row.number, to);
      cells.forEach((cell, i) => {
        const c = row.getCell(starts[i]);
        c.alignment = alignment;
        if (cell.bold) c.font = { bold: true };
      });
    }
  };

  line(layout.heading, { bold: true, size: 14 });
  line(layout.kind, { bold: true, size: 12 });
  line(layout.meta.join('  ·  '));
  if (layout.title) line(layout.title, { italic: true });
  line(`${layout.legend.title}: ${layout.legend.modes.join('    ')}`);
  if (layout.changesNote) line(layout.changesNote, { italic: true });
  if (layout.opening) line(`${layout.opening.title}\n${layout.opening.paragraphs.join('\n')}`);
  table(layout.horizontal);
  table(layout.sectors);
  table(layout.mfn);
  sheet.addRow([]);
  line(layout.footnote, { size: 9 });
  return Buffer.from(await book.xlsx.writeBuffer());
}
