/**
 * The height a row needs for its wrapped text. Excel sizes such rows itself when a file is opened, LibreOffice does
 * not (it keeps the default height and clips), so the writer states each height (`ht` with `customHeight`). The
 * estimate errs on the tall side: a row a little too high reads fine, a clipped one does not.
 */

/** Points of Excel's default row (Calibri 11). */
export const DEFAULT_ROW_HEIGHT = 15;
/** Excel refuses rows taller than this. */
const MAX_ROW_HEIGHT = 409;
/** Characters of 11-point text per unit of column width (the width of "0"), below 1 for wider fallback fonts. */
const CHARS_PER_WIDTH = 0.9;
/** Excel's default row is 15 points for an 11-point font. */
const LINE_HEIGHT = 15 / 11;
const PADDING = 2;

export interface MeasuredCell {
  text: string;
  /** Width in Excel's units (characters of "0"): the column's, or the sum of the columns it spans. */
  width: number;
  /** Font size in points (11 by default). */
  size?: number;
  bold?: boolean;
  wrap?: boolean;
}

/** East Asian wide characters take about two columns. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;

const charWidth = (ch: string) => (WIDE.test(ch) ? 2 : 1);

/** Lines of a paragraph wrapped greedily at spaces, a word longer than a line broken across lines. */
function wrappedLines(paragraph: string, perLine: number): number {
  let lines = 1;
  let used = 0;
  for (const word of paragraph.split(' ')) {
    let w = 0;
    for (const ch of word) w += charWidth(ch);
    const needed = used === 0 ? w : used + 1 + w;
    if (needed <= perLine) {
      used = needed;
      continue;
    }
    if (used > 0) lines++;
    if (w > perLine) {
      lines += Math.ceil(w / perLine) - 1;
      used = w % perLine || perLine;
    } else used = w;
  }
  return lines;
}

/** The lines a cell's text takes: one per line break, more where a line is wider than the cell. */
export function lineCount(cell: MeasuredCell): number {
  const size = cell.size ?? 11;
  if (!cell.wrap) return 1;
  const lines = cell.text.split(/\r?\n/);
  const perLine = Math.max(1, Math.floor((cell.width * CHARS_PER_WIDTH * 11) / size / (cell.bold ? 1.08 : 1)));
  return lines.reduce((n, line) => n + wrappedLines(line, perLine), 0);
}

/**
 * The height in points a row needs for its cells, or undefined when the default height does (no wrapped text taller
 * than one line, no font larger than 11 points).
 */
export function rowHeight(cells: MeasuredCell[]): number | undefined {
  let height = 0;
  for (const cell of cells) {
    const size = cell.size ?? 11;
    const lines = lineCount(cell);
    if (lines === 1 && size <= 11) continue;
    height = Math.max(height, lines * size * LINE_HEIGHT + PADDING);
  }
  if (height <= DEFAULT_ROW_HEIGHT) return undefined;
  return Math.min(MAX_ROW_HEIGHT, Math.ceil(height * 4) / 4);
}
