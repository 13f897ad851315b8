/**
 * The schedule as an Excel workbook (lib/xlsx) for the secretariat's compilations: the same rows as the PDF on one
 * sheet, one spreadsheet row per schedule row, the lines of a cell kept as lines, each row as high as its wrapped text;
 * Arabic sheets right to left. The direction is the sheet's and the cells' reading order: the writer drops the Unicode
 * isolates the layout's texts carry for the PDF.
 */
import { writeXlsx, type Cell, type CellStyle, type Row } from '../../lib/xlsx/write.js';
import type { LayoutTable, ScheduleLayout } from './layout.js';

const WIDTH = 5;

/** The text of a cell as a spreadsheet holds it: its lines, one per line. */
export function cellText(lines: { text: string }[]): string {
  return lines.map((l) => l.text).join('\n');
}

export async function renderXlsx(layout: ScheduleLayout): Promise<Buffer> {
  const alignment: CellStyle = {
    wrap: true,
    vertical: 'top',
    readingOrder: layout.direction === 'rtl' ? 'rtl' : 'ltr',
  };
  const rows: Row[] = [];
  const line = (text: string, font: CellStyle = {}) =>
    rows.push([{ value: text, span: WIDTH, style: { ...alignment, ...font } }]);
  const table = (t: LayoutTable) => {
    rows.push([]);
    line(t.title, { bold: true, size: 12 });
    rows.push(t.columns.map((value): Cell => ({ value, style: { ...alignment, bold: true, fill: 'E6E6E6' } })));
    for (const cells of t.rows)
      rows.push(
        cells.map((cell): Cell => ({
          value: cellText(cell.lines),
          span: cell.span,
          style: cell.bold ? { ...alignment, bold: true } : alignment,
        })),
      );
  };

  line(layout.heading, { bold: true, size: 14 });
  line(layout.kind, { bold: true, size: 12 });
  line(layout.meta.join('  ·  '));
  if (layout.title) line(layout.title, { italic: true });
  line(`${layout.legend.title}: ${layout.legend.modes.join('    ')}`);
  if (layout.changesNote) line(layout.changesNote, { italic: true });
  if (layout.untranslatedNote) line(layout.untranslatedNote, { italic: true });
  if (layout.opening) line(`${layout.opening.title}\n${cellText(layout.opening.paragraphs)}`);
  table(layout.horizontal);
  table(layout.sectors);
  table(layout.mfn);
  rows.push([]);
  line(layout.footnote, { size: 9 });

  return writeXlsx({
    title: layout.heading,
    sheets: [
      {
        name: 'Schedule',
        widths: [30, 40, 40, 30, 30],
        rows,
        rightToLeft: layout.direction === 'rtl',
        page: {
          orientation: 'portrait',
          fitToWidth: 1,
          fitToHeight: 0,
          margins: { left: 0.59, right: 0.59, top: 0.59, bottom: 0.59, header: 0.3, footer: 0.3 },
          footer: '&C&P / &N',
        },
      },
    ],
  });
}
