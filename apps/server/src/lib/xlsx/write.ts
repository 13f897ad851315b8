/**
 * Writes .xlsx workbooks from a plain description: sheets of rows of values, the few styles our documents use (bold,
 * italic, size, wrap, alignment, reading order, solid fill), column widths, cells spanning columns, a frozen header,
 * right-to-left sheets, page set-up, and each row's height computed from its wrapped text (row-height.ts).
 *
 * Cells are values, never formulas. Text never carries direction controls (LRM, RLM, embeddings, isolates): the
 * direction is the sheet's (`rightToLeft`) and the cell's (`readingOrder`); controls a caller passes are dropped, with
 * the characters XML 1.0 cannot hold. Text is cut at Excel's 32,767 characters per cell.
 */
import { zipSync, strToU8 } from 'fflate';
import { rowHeight } from './row-height.js';
import { Styles, type CellStyle } from './styles.js';
import { attr, columnName, sanitizeText, xmlText } from './xml.js';

export type { CellStyle } from './styles.js';

export type CellValue = string | number | boolean | null | undefined;

export interface Cell {
  value: CellValue;
  style?: CellStyle;
  /** Columns the cell covers (merged), 1 by default; the next cell of the row starts after them. */
  span?: number;
}

/** A row: its cells from column A, and a style for the cells that have none of their own. */
export type Row = (CellValue | Cell)[] | { cells: (CellValue | Cell)[]; style?: CellStyle };

export interface Sheet {
  /** At most 31 characters, without `[]:*?/\` (others are replaced, longer names cut). */
  name: string;
  /** Width of each column from A, in Excel's units (characters of "0"); unset columns keep the default. */
  widths?: (number | undefined)[];
  rows: Row[];
  /** Rows and columns kept in view while scrolling. */
  freeze?: { rows?: number; columns?: number };
  rightToLeft?: boolean;
  page?: {
    orientation?: 'portrait' | 'landscape';
    /** Pages across and down the print is fitted to; 0 leaves that direction free. */
    fitToWidth?: number;
    fitToHeight?: number;
    /** Inches. */
    margins?: { left: number; right: number; top: number; bottom: number; header: number; footer: number };
    /** Excel's header/footer codes (`&P / &N`). */
    footer?: string;
  };
}

export interface Workbook {
  sheets: Sheet[];
  title?: string;
  creator?: string;
}

const DEFAULT_WIDTH = 8.43;
const MAX_CELL_TEXT = 32_767;
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = `${REL_NS}/`;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const isCell = (c: CellValue | Cell): c is Cell => typeof c === 'object' && c !== null;

/** The workbook as the bytes of an .xlsx file. */
export function writeXlsx(book: Workbook): Buffer {
  const styles = new Styles();
  const strings = new SharedStrings();
  const names = sheetNames(book.sheets);
  const files: Record<string, Uint8Array> = {};
  book.sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(sheetXml(sheet, i === 0, styles, strings));
  });
  const sheetList = names.map((name, i) => `<sheet name="${attr(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  const n = names.length;
  Object.assign(files, {
    '[Content_Types].xml': strToU8(contentTypes(n)),
    '_rels/.rels': strToU8(
      relationships([
        ['rId1', `${REL}officeDocument`, 'xl/workbook.xml'],
        [
          'rId2',
          'http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties',
          'docProps/core.xml',
        ],
        ['rId3', `${REL}extended-properties`, 'docProps/app.xml'],
      ]),
    ),
    'docProps/core.xml': strToU8(coreProperties(book)),
    'docProps/app.xml': strToU8(
      `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Services negotiation portal</Application></Properties>`,
    ),
    'xl/workbook.xml': strToU8(
      `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><bookViews><workbookView activeTab="0"/></bookViews><sheets>${sheetList.join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      relationships([
        ...names.map((_, i) => [`rId${i + 1}`, `${REL}worksheet`, `worksheets/sheet${i + 1}.xml`] as const),
        [`rId${n + 1}`, `${REL}styles`, 'styles.xml'],
        [`rId${n + 2}`, `${REL}sharedStrings`, 'sharedStrings.xml'],
      ]),
    ),
    'xl/styles.xml': strToU8(styles.xml()),
    'xl/sharedStrings.xml': strToU8(strings.xml()),
  });
  return Buffer.from(zipSync(files, { level: 6 }));
}

function sheetNames(sheets: Sheet[]): string[] {
  const used = new Set<string>();
  return sheets.map((s, i) => {
    let name =
      s.name
        .replace(/[[\]:*?/\\]/g, ' ')
        .trim()
        .slice(0, 31) || `Sheet${i + 1}`;
    for (let k = 2; used.has(name.toLowerCase()); k++) name = `${name.slice(0, 31 - String(k).length - 1)} ${k}`;
    used.add(name.toLowerCase());
    return name;
  });
}

class SharedStrings {
  private index = new Map<string, number>();
  private count = 0;
  /** The index of a text in the table, adding it the first time. */
  add(text: string): number {
    this.count++;
    let i = this.index.get(text);
    if (i === undefined) this.index.set(text, (i = this.index.size));
    return i;
  }
  xml(): string {
    const items = [...this.index.keys()].map((t) => `<si>${textElement(t)}</si>`);
    return `${XML_HEAD}<sst xmlns="${NS}" count="${this.count}" uniqueCount="${this.index.size}">${items.join('')}</sst>`;
  }
}

const textElement = (t: string) =>
  /^\s|\s$|\n/.test(t) ? `<t xml:space="preserve">${xmlText(t)}</t>` : `<t>${xmlText(t)}</t>`;

function sheetXml(sheet: Sheet, first: boolean, styles: Styles, strings: SharedStrings): string {
  const widths = sheet.widths ?? [];
  const widthOf = (column: number, span: number) => {
    let w = 0;
    for (let c = column; c < column + span; c++) w += widths[c] ?? DEFAULT_WIDTH;
    return w;
  };
  const merges: string[] = [];
  const rows: string[] = [];
  let maxColumn = 1;
  sheet.rows.forEach((row, r) => {
    const rowNumber = r + 1;
    const { cells, style: rowStyle } = Array.isArray(row) ? { cells: row, style: undefined } : row;
    const out: string[] = [];
    const measured = [];
    let column = 0;
    for (const item of cells) {
      const cell = isCell(item) ? item : { value: item };
      const style = cell.style ?? rowStyle;
      const span = Math.max(1, cell.span ?? 1);
      const s = style ? styles.id(style) : 0;
      const sAttr = s ? ` s="${s}"` : '';
      const ref = `${columnName(column)}${rowNumber}`;
      out.push(cellXml(ref, cell.value, sAttr, strings));
      for (let k = 1; k < span; k++) out.push(`<c r="${columnName(column + k)}${rowNumber}"${sAttr}/>`);
      if (span > 1) merges.push(`${ref}:${columnName(column + span - 1)}${rowNumber}`);
      if (typeof cell.value === 'string' && cell.value)
        measured.push({
          text: cell.value,
          width: widthOf(column, span),
          size: style?.size,
          bold: style?.bold,
          wrap: style?.wrap,
        });
      column += span;
    }
    maxColumn = Math.max(maxColumn, column);
    const ht = rowHeight(measured);
    const height = ht ? ` ht="${ht}" customHeight="1"` : '';
    rows.push(out.length ? `<row r="${rowNumber}"${height}>${out.join('')}</row>` : `<row r="${rowNumber}"${height}/>`);
  });

  const dimension = `A1:${columnName(maxColumn - 1)}${Math.max(1, sheet.rows.length)}`;
  const cols = widths
    .map((w, i) => (w === undefined ? '' : `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`))
    .join('');
  const page = sheet.page;
  return [
    XML_HEAD,
    `<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">`,
    page?.fitToWidth !== undefined || page?.fitToHeight !== undefined
      ? '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
      : '',
    `<dimension ref="${dimension}"/>`,
    `<sheetViews>${sheetView(sheet, first)}</sheetViews>`,
    `<sheetFormatPr defaultRowHeight="15"/>`,
    cols ? `<cols>${cols}</cols>` : '',
    `<sheetData>${rows.join('')}</sheetData>`,
    merges.length
      ? `<mergeCells count="${merges.length}">${merges.map((m) => `<mergeCell ref="${m}"/>`).join('')}</mergeCells>`
      : '',
    pageXml(page),
    '</worksheet>',
  ].join('');
}

function cellXml(ref: string, value: CellValue, sAttr: string, strings: SharedStrings): string {
  if (value === null || value === undefined || value === '') return `<c r="${ref}"${sAttr}/>`;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `<c r="${ref}"${sAttr}/>`;
    return `<c r="${ref}"${sAttr}><v>${value}</v></c>`;
  }
  if (typeof value === 'boolean') return `<c r="${ref}"${sAttr} t="b"><v>${value ? 1 : 0}</v></c>`;
  const text = sanitizeText(value).slice(0, MAX_CELL_TEXT);
  if (!text) return `<c r="${ref}"${sAttr}/>`;
  return `<c r="${ref}"${sAttr} t="s"><v>${strings.add(text)}</v></c>`;
}

function sheetView(sheet: Sheet, first: boolean): string {
  const rtl = sheet.rightToLeft ? ' rightToLeft="1"' : '';
  const selected = first ? ' tabSelected="1"' : '';
  const rows = sheet.freeze?.rows ?? 0;
  const columns = sheet.freeze?.columns ?? 0;
  if (!rows && !columns) return `<sheetView workbookViewId="0"${rtl}${selected}/>`;
  const topLeft = `${columnName(columns)}${rows + 1}`;
  const pane = rows && columns ? 'bottomRight' : rows ? 'bottomLeft' : 'topRight';
  const split = `${columns ? ` xSplit="${columns}"` : ''}${rows ? ` ySplit="${rows}"` : ''}`;
  return (
    `<sheetView workbookViewId="0"${rtl}${selected}>` +
    `<pane${split} topLeftCell="${topLeft}" activePane="${pane}" state="frozen"/>` +
    `<selection pane="${pane}" activeCell="${topLeft}" sqref="${topLeft}"/></sheetView>`
  );
}

function pageXml(page: Sheet['page']): string {
  const m = page?.margins ?? { left: 0.7, right: 0.7, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 };
  const margins = `<pageMargins left="${m.left}" right="${m.right}" top="${m.top}" bottom="${m.bottom}" header="${m.header}" footer="${m.footer}"/>`;
  if (!page) return margins;
  const setup = [
    page.orientation ? ` orientation="${page.orientation}"` : '',
    page.fitToWidth !== undefined ? ` fitToWidth="${page.fitToWidth}"` : '',
    page.fitToHeight !== undefined ? ` fitToHeight="${page.fitToHeight}"` : '',
  ].join('');
  const footer = page.footer ? `<headerFooter><oddFooter>${xmlText(page.footer)}</oddFooter></headerFooter>` : '';
  return `${margins}${setup ? `<pageSetup${setup}/>` : ''}${footer}`;
}

function relationships(list: readonly (readonly [string, string, string])[]): string {
  const items = list.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`);
  return `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
}

function contentTypes(sheets: number): string {
  const ml = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
  const overrides = [
    ['/xl/workbook.xml', `${ml}.sheet.main+xml`],
    ...Array.from({ length: sheets }, (_, i) => [`/xl/worksheets/sheet${i + 1}.xml`, `${ml}.worksheet+xml`]),
    ['/xl/styles.xml', `${ml}.styles+xml`],
    ['/xl/sharedStrings.xml', `${ml}.sharedStrings+xml`],
    ['/docProps/core.xml', 'application/vnd.openxmlformats-package.core-properties+xml'],
    ['/docProps/app.xml', 'application/vnd.openxmlformats-officedocument.extended-properties+xml'],
  ];
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
    '</Types>'
  );
}

function coreProperties(book: Workbook): string {
  const now = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  return (
    `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
    'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
    (book.title ? `<dc:title>${xmlText(sanitizeText(book.title))}</dc:title>` : '') +
    (book.creator ? `<dc:creator>${xmlText(sanitizeText(book.creator))}</dc:creator>` : '') +
    `<dcterms:created xsi:type="dcterms:W3CDTF">${now}</dcterms:created>` +
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${now}</dcterms:modified>` +
    '</cp:coreProperties>'
  );
}
