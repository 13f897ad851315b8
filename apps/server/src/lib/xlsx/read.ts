/**
 * Reads the cells of an .xlsx workbook written by any program (Excel, LibreOffice, Google Sheets, ours): shared and
 * inline strings (rich text runs joined), numbers, booleans, formula results, column gaps (`r="C5"`). Dates come as
 * the serial number the cell holds: nothing that reads workbooks here needs them as dates.
 *
 * Bounded: the package is opened by zip-read.ts (size and entry caps, encrypted and non-zip files refused), any DOCTYPE
 * is refused, and a sheet is parsed a batch of rows at a time, giving the event loop a turn between batches, so a
 * caller that stops early (a row limit) never parses the rest.
 */
import { XMLParser } from 'fast-xml-parser';
import { DEFAULT_LIMITS, XlsxReadError, openZip, type ZipLimits } from './zip-read.js';

export { XlsxReadError, type XlsxRefusal } from './zip-read.js';

export type CellValue = string | number | boolean | null;

export interface SheetRow {
  /** The row's number in the sheet (1 for the first). */
  number: number;
  /** Cells by column: `cells[0]` is column A; a column the row leaves out is null. */
  cells: CellValue[];
}

export interface SheetInfo {
  name: string;
  rightToLeft: boolean;
}

const BATCH = 2000;
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  htmlEntities: true,
  isArray: (name, _path, _leaf, isAttribute) =>
    !isAttribute && ['row', 'c', 'r', 'si', 'sheet', 'Relationship'].includes(name),
});

const notXlsx = () => new XlsxReadError('not-xlsx', 'The file is not a readable .xlsx workbook.');

/** Opens a workbook: checks the package and reads its sheet list; cells are read per sheet with `rows`. */
export function openXlsx(data: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS) {
  const zip = openZip(data, limits);
  const text = (name: string) => {
    const bytes = zip.read(name);
    if (!bytes) return undefined;
    const xml = new TextDecoder().decode(bytes);
    if (/<!DOCTYPE/i.test(xml)) throw notXlsx();
    return xml;
  };
  const parse = (xml: string): Node => {
    try {
      return parser.parse(xml) as Node;
    } catch {
      throw notXlsx();
    }
  };
  const relations = (part: string) => {
    const slash = part.lastIndexOf('/');
    const xml = text(`${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`);
    const list = xml ? (((parse(xml).Relationships as Node)?.Relationship as Node[]) ?? []) : [];
    return list.map((r) => ({
      id: String(r['@Id']),
      type: String(r['@Type']),
      target: resolve(part, String(r['@Target'])),
    }));
  };

  const main = relations('').find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const bookXml = text(main);
  if (!bookXml) throw notXlsx();
  const book = (parse(bookXml).workbook as Node) ?? {};
  const rels = relations(main);
  const sheets = (((book.sheets as Node)?.sheet as Node[]) ?? []).map((s) => ({
    name: String(s['@name']),
    part: rels.find((r) => r.id === s['@id'])?.target,
  }));
  const sharedPart = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  let shared: string[] | undefined;

  const sheetOf = (which: string | number = 0) => {
    const sheet = typeof which === 'number' ? sheets[which] : sheets.find((s) => s.name === which);
    if (!sheet?.part) throw new XlsxReadError('not-xlsx', `The workbook has no sheet ${JSON.stringify(which)}.`);
    const xml = text(sheet.part);
    if (xml === undefined) throw notXlsx();
    return { name: sheet.name, xml };
  };

  return {
    sheetNames: sheets.map((s) => s.name),
    /** The name and direction of a sheet (the first by default). */
    sheet(which?: string | number): SheetInfo {
      const { name, xml } = sheetOf(which);
      const head = xml.slice(0, xml.search(/<(\w+:)?sheetData[\s/>]/));
      return { name, rightToLeft: /<(\w+:)?sheetView\b[^>]*\brightToLeft="(1|true)"/.test(head) };
    },
    /** The rows of a sheet (the first by default) that hold at least one element, in order. */
    async *rows(which?: string | number): AsyncGenerator<SheetRow> {
      const { xml } = sheetOf(which);
      shared ??= sharedPart ? await sharedStrings(text(sharedPart) ?? '', parse) : [];
      const strings = shared;
      let previous = 0;
      for (const batch of elements(xml, 'row', BATCH)) {
        const parsed = (parse(`<rows>${batch}</rows>`).rows as Node)?.row as Node[] | undefined;
        for (const row of parsed ?? []) {
          const number = row['@r'] ? Number(row['@r']) : previous + 1;
          previous = number;
          yield { number, cells: rowCells(row, strings) };
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/** Every row of a sheet (the first by default) with the sheet's name and direction. */
export async function readSheet(data: Uint8Array, which?: string | number, limits?: ZipLimits) {
  const book = openXlsx(data, limits);
  const rows: SheetRow[] = [];
  for await (const row of book.rows(which)) rows.push(row);
  return { ...book.sheet(which), rows };
}

function resolve(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const p of target.split('/')) {
    if (p === '..') parts.pop();
    else if (p !== '.') parts.push(p);
  }
  return parts.join('/');
}

async function sharedStrings(xml: string, parse: (xml: string) => Node): Promise<string[]> {
  const out: string[] = [];
  for (const batch of elements(xml, 'si', BATCH * 5)) {
    for (const si of ((parse(`<x>${batch}</x>`).x as Node)?.si as Node[]) ?? []) out.push(richText(si));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}

/**
 * The source of each `<name …>…</name>` (or `<name …/>`) element of a part, `size` at a time. Rows and string items
 * never nest, and `<` inside text is always escaped, so the element ends at the first closing tag.
 */
function* elements(xml: string, name: string, size: number): Generator<string> {
  const open = new RegExp(`<(\\w+:)?${name}[\\s/>]`, 'g');
  let batch: string[] = [];
  let match: RegExpExecArray | null;
  while ((match = open.exec(xml))) {
    const tagEnd = xml.indexOf('>', match.index);
    if (tagEnd < 0) throw notXlsx();
    let end = tagEnd + 1;
    if (xml[tagEnd - 1] !== '/') {
      const close = `</${match[1] ?? ''}${name}>`;
      const at = xml.indexOf(close, tagEnd);
      if (at < 0) throw notXlsx();
      end = at + close.length;
    }
    batch.push(xml.slice(match.index, end));
    open.lastIndex = end;
    if (batch.length >= size) {
      yield batch.join('');
      batch = [];
    }
  }
  if (batch.length) yield batch.join('');
}

/** The text of a `<t>` node as the parser gives it: a string, or an object when it has attributes. */
function textOf(t: unknown): string {
  if (t == null) return '';
  if (typeof t === 'object') return textOf((t as Node)['#text']);
  return unescapeOoxml(String(t));
}

/** `_x000D_`-style escapes of OOXML strings (ST_Xstring) back to the characters they stand for. */
const unescapeOoxml = (s: string) =>
  s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s;

/** A string item or inline string: its plain text, or its rich text runs joined (phonetic runs left out). */
function richText(si: Node | string | undefined): string {
  if (si == null || typeof si !== 'object') return textOf(si);
  if (si.t !== undefined) return textOf(si.t);
  return ((si.r as Node[]) ?? []).map((r) => textOf(r.t)).join('');
}

function rowCells(row: Node, strings: string[]): CellValue[] {
  const cells: CellValue[] = [];
  for (const c of (row.c as Node[]) ?? []) {
    const ref = typeof c['@r'] === 'string' ? c['@r'] : '';
    const column = ref ? columnIndex(ref) : cells.length;
    while (cells.length < column) cells.push(null);
    cells[column] = cellValue(c, strings);
  }
  return cells;
}

/** `C5` → 2 (zero-based column). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const ch of ref.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + code - 64;
  }
  if (n === 0 || n > 16384) throw notXlsx();
  return n - 1;
}

function cellValue(c: Node, strings: string[]): CellValue {
  const type = c['@t'] ?? 'n';
  const v = c.v === undefined ? undefined : textOf(c.v);
  switch (type) {
    case 'inlineStr':
      return richText(c.is as Node);
    case 's':
      return v === undefined ? null : (strings[Number(v)] ?? null);
    case 'b':
      return v === undefined ? null : v === '1' || v === 'true';
    case 'e':
      return null;
    case 'str':
    case 'd':
      return v ?? null;
    default: {
      if (v === undefined || v.trim() === '') return null;
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
  }
}
