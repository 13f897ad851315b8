/**
 * Reads the cells of an .xlsx workbook written by any program (Excel, LibreOffice, Google Sheets, ours): shared and
 * inline strings (rich text runs joined), numbers, booleans, formula results, column gaps (`r="C5"`). Dates come as
 * the serial number the cell holds: nothing that reads workbooks here needs them as dates.
 *
 * Bounded: the package is opened by zip-read.ts (size and entry caps, encrypted and non-zip files refused), any DOCTYPE
 * is refused, and a sheet goes through a streaming XML parser (saxes) a slice at a time, its rows handed over and the
 * event loop given a turn after each slice, so a caller that stops early (a row limit) never parses the rest.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
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

/** Bytes of XML given to the parser between two turns of the event loop. */
const SLICE = 64 * 1024;

const notXlsx = () => new XlsxReadError('not-xlsx', 'The file is not a readable .xlsx workbook.');

/** An element's name without its namespace prefix (`x:row` → `row`). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its name without prefix (`r:id` answers `id`), never an `xmlns` declaration. */
function attribute(tag: SaxesTagPlain, name: string): string | undefined {
  const attributes = tag.attributes;
  const direct = attributes[name];
  if (direct !== undefined) return direct;
  for (const key in attributes) {
    const colon = key.indexOf(':');
    if (colon >= 0 && !key.startsWith('xmlns') && key.slice(colon + 1) === name) return attributes[key];
  }
  return undefined;
}

/**
 * A parser that refuses DOCTYPEs and reports malformed XML as an unreadable workbook. `on` receives each start tag,
 * end tag and piece of text by local name.
 */
function parser(on: {
  open?(name: string, tag: SaxesTagPlain): void;
  close?(name: string): void;
  text?(t: string): void;
}) {
  const sax = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  sax.on('doctype', () => {
    throw notXlsx();
  });
  sax.on('error', () => {
    throw notXlsx();
  });
  if (on.open) sax.on('opentag', (tag) => on.open!(local(tag.name), tag));
  if (on.close) sax.on('closetag', (tag) => on.close!(local(tag.name)));
  if (on.text) {
    sax.on('text', on.text);
    sax.on('cdata', on.text);
  }
  return sax;
}

/** The attributes of every element of one name in a small part (relationships, the workbook). */
function elementsOf(xml: string, name: string): SaxesTagPlain[] {
  const found: SaxesTagPlain[] = [];
  parser({ open: (n, tag) => n === name && found.push(tag) })
    .write(xml)
    .close();
  return found;
}

/** Opens a workbook: checks the package and reads its sheet list; cells are read per sheet with `rows`. */
export function openXlsx(data: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS) {
  const zip = openZip(data, limits);
  const text = (name: string) => {
    const bytes = zip.read(name);
    return bytes && new TextDecoder().decode(bytes);
  };

  const relations = (part: string) => {
    const slash = part.lastIndexOf('/');
    const xml = text(`${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`);
    return (xml ? elementsOf(xml, 'Relationship') : []).map((r) => ({
      id: attribute(r, 'Id') ?? '',
      type: attribute(r, 'Type') ?? '',
      target: resolve(part, attribute(r, 'Target') ?? ''),
    }));
  };

  const main = relations('').find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const bookXml = text(main);
  if (!bookXml) throw notXlsx();
  const rels = relations(main);
  const sheets = elementsOf(bookXml, 'sheet').map((s) => ({
    name: attribute(s, 'name') ?? '',
    part: rels.find((r) => r.id === attribute(s, 'id'))?.target,
  }));
  const sharedPart = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
  let shared: string[] | undefined;

  const sheetPart = (which: string | number = 0) => {
    const sheet = typeof which === 'number' ? sheets[which] : sheets.find((s) => s.name === which);
    if (!sheet?.part || !zip.has(sheet.part))
      throw new XlsxReadError('not-xlsx', `The workbook has no sheet ${JSON.stringify(which)}.`);
    return { name: sheet.name, part: sheet.part };
  };

  return {
    sheetNames: sheets.map((s) => s.name),
    /** The name and direction of a sheet (the first by default). */
    sheet(which?: string | number): SheetInfo {
      const { name, part } = sheetPart(which);
      const xml = text(part) ?? '';
      let rightToLeft = false;
      // The views come before the cells: the part is read up to its sheetData only.
      const end = xml.search(/<(\w+:)?sheetData[\s/>]/);
      parser({
        open: (n, tag) => n === 'sheetView' && (rightToLeft ||= /^(1|true)$/.test(attribute(tag, 'rightToLeft') ?? '')),
      }).write(end < 0 ? xml : xml.slice(0, end));
      return { name, rightToLeft };
    },
    /** The rows of a sheet (the first by default) that hold at least one element, in order. */
    async *rows(which?: string | number): AsyncGenerator<SheetRow> {
      const bytes = (await zip.readAsync(sheetPart(which).part)) ?? Buffer.alloc(0);
      shared ??= await sharedStrings(sharedPart ? await zip.readAsync(sharedPart) : undefined);
      const ready: SheetRow[] = [];
      for await (const _ of feed(
        bytes,
        sheetParser(shared, (row) => ready.push(row)),
      ))
        yield* ready.splice(0);
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

/**
 * Collects the text of `<t>` elements inside a string item (`<si>`) or inline string (`<is>`): a plain text or rich
 * text runs, joined; phonetic runs (`<rPh>`) are left out.
 */
function stringText() {
  let depth = 0;
  let inT = false;
  let text = '';
  return {
    open(name: string) {
      if (name === 'rPh') depth++;
      else if (name === 't' && depth === 0) inT = true;
    },
    close(name: string) {
      if (name === 'rPh') depth--;
      else if (name === 't') inT = false;
    },
    text(t: string) {
      if (inT) text += t;
    },
    take() {
      const out = unescapeOoxml(text);
      text = '';
      return out;
    },
  };
}

/**
 * Gives a part to a parser a slice at a time, decoding as it goes (no string of the whole part), and yields after
 * each slice so the caller can hand over what it found and let the event loop turn.
 */
async function* feed(bytes: Uint8Array, sax: { write(xml: string): unknown; close(): unknown }): AsyncGenerator<void> {
  const decoder = new TextDecoder();
  for (let at = 0; at < bytes.length; at += SLICE) {
    sax.write(decoder.decode(bytes.subarray(at, at + SLICE), { stream: true }));
    if (at + SLICE >= bytes.length) sax.close();
    yield;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function sharedStrings(bytes: Uint8Array | undefined): Promise<string[]> {
  const out: string[] = [];
  if (!bytes) return out;
  let inItem = false;
  const item = stringText();
  const sax = parser({
    open(name) {
      if (name === 'si') inItem = true;
      else if (inItem) item.open(name);
    },
    close(name) {
      if (name === 'si') {
        inItem = false;
        out.push(item.take());
      } else if (inItem) item.close(name);
    },
    text: (t) => inItem && item.text(t),
  });
  for await (const _ of feed(bytes, sax));
  return out;
}

/** A parser of a worksheet's cells that hands each row over as it closes. */
function sheetParser(strings: string[], emit: (row: SheetRow) => void) {
  let row: SheetRow | null = null;
  let previous = 0;
  let cell: { column: number; type: string; v: string; inV: boolean; inline: boolean } | null = null;
  const inline = stringText();
  return parser({
    open(name, tag) {
      if (name === 'row') {
        const r = attribute(tag, 'r');
        row = { number: r ? Number(r) : previous + 1, cells: [] };
        previous = row.number;
      } else if (name === 'c' && row) {
        const ref = attribute(tag, 'r');
        cell = {
          column: ref ? columnIndex(ref) : row.cells.length,
          type: attribute(tag, 't') ?? 'n',
          v: '',
          inV: false,
          inline: false,
        };
      } else if (cell) {
        if (name === 'v') cell.inV = true;
        else if (name === 'is') cell.inline = true;
        else if (cell.inline) inline.open(name);
      }
    },
    close(name) {
      if (name === 'row' && row) {
        emit(row);
        row = null;
      } else if (name === 'c' && row && cell) {
        while (row.cells.length < cell.column) row.cells.push(null);
        row.cells[cell.column] = cell.type === 'inlineStr' ? inline.take() : cellValue(cell.type, cell.v, strings);
        cell = null;
      } else if (cell) {
        if (name === 'v') cell.inV = false;
        else if (name === 'is') cell.inline = false;
        else if (cell.inline) inline.close(name);
      }
    },
    text(t) {
      if (!cell) return;
      if (cell.inV) cell.v += t;
      else if (cell.inline) inline.text(t);
    },
  });
}

/** `_x000D_`-style escapes of OOXML strings (ST_Xstring) back to the characters they stand for. */
const unescapeOoxml = (s: string) =>
  s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))) : s;

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

function cellValue(type: string, v: string, strings: string[]): CellValue {
  switch (type) {
    case 's':
      return v === '' ? null : (strings[Number(v)] ?? null);
    case 'b':
      return v === '' ? null : v === '1' || v === 'true';
    case 'e':
      return null;
    case 'str':
    case 'd':
      return v === '' ? null : unescapeOoxml(v);
    default: {
      if (v.trim() === '') return null;
      const n = Number(v);
      return Number.isFinite(n) ? n : v;
    }
  }
}
