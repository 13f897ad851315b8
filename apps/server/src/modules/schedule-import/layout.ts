/**
 * Reads rows of a schedule in the WTO's four-column layout (S/L/92: Sector or subsector | Limitations on market access
 * | Limitations on national treatment | Additional commitments): finds the column headings, the horizontal section
 * (first, or under its own title), the sector-specific rows with the sector and subsector headings above them
 * ("1. BUSINESS SERVICES", "A. Professional services") and the services of each row ("a) Legal services (CPC 861)"),
 * and the MFN exemptions table when the file has one. Nothing here knows the classification: sectors.ts matches.
 */
import { stripIsolates } from '@portal/shared';
import { withoutUntranslatedMarks } from '../documents/user-text.js';
import type { RowPlace, SourceRow } from './rows.js';

/** A sector or subsector heading above rows: its mark ("1", "A") and its title as written. */
export interface Heading {
  mark: string;
  title: string;
}

/** A service named in a row's first column. */
export interface ServiceLine {
  /** "a" under headings, "1.A.a" written whole, "8671" for a CPC code; empty when only a title is written. */
  mark: string;
  /** "1" (a sector), "A" (a subsector), "a" (an item), "code" (a whole code), "" (title only). */
  level: 'sector' | 'subsector' | 'item' | 'code' | 'title';
  title: string;
}

export interface ScheduleEntry {
  at: RowPlace;
  /** The first column as written. */
  sectorText: string;
  /** The headings the row stands under, sector first. */
  headings: Heading[];
  services: ServiceLine[];
  /** The CPC codes in brackets, as written ("861", "83106-83109"). */
  cpc: string[];
  /** "CPC Prov." or "CPC 2.1" when the file says which. */
  cpcScheme: 'prov' | 'cpc21' | null;
  marketAccess: string;
  nationalTreatment: string;
  additional: string;
}

export interface TableRowText {
  at: RowPlace;
  cells: string[];
}

export interface ParsedSchedule {
  /** True when a table with the four columns was found. */
  found: boolean;
  /** The headings of the first table that looked like a schedule but had other columns. */
  otherColumns: string[] | null;
  horizontal: TableRowText[];
  entries: ScheduleEntry[];
  mfn: TableRowText[];
}

/** Lower case, accents and isolates dropped, white space collapsed: for comparing headings. */
export const plain = (text: string) =>
  stripIsolates(text)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u0653-\u0655]/g, '')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLocaleLowerCase();

const COLUMN_WORDS = [
  ['sector', 'secteur', 'قطاع'],
  ['market access', 'acces aux marches', 'acceso a los mercados', 'النفاذ'],
  ['national treatment', 'traitement national', 'trato nacional', 'المعاملة الوطنية'],
  ['additional', 'additionnel', 'adicionales', 'الإضافية', 'الاضافية'],
];
const MFN_WORDS = ['article ii', "l'article ii", 'articulo ii', 'المادة الثانية'];

/** The four column headings of a schedule, in any of the languages. */
export function isScheduleHeader(cells: string[]): boolean {
  const texts = cells.map(plain).filter(Boolean);
  if (texts.length < 4) return false;
  return COLUMN_WORDS.every((words, i) => words.some((w) => texts[i]!.includes(plain(w))));
}

function isMfnHeader(cells: string[]): boolean {
  const texts = cells.map(plain).filter(Boolean);
  return texts.length >= 5 && MFN_WORDS.some((w) => texts[1]!.includes(plain(w)));
}

/** A header row of some table: several short cells, none with a mode mark (for a clear "wrong columns"). */
function looksLikeHeader(cells: string[]): boolean {
  const texts = cells.map((c) => c.trim()).filter(Boolean);
  return texts.length >= 3 && texts.every((t) => t.length < 120 && !/^\(?[1-4]\)/.test(t));
}

/** A pattern compared with plain() text: written with accents and hamza, read without them. */
function plainPattern(source: string): RegExp {
  return new RegExp(plain(source));
}

const HORIZONTAL_TITLE = plainPattern(
  String.raw`^(?:[ivx]+\.\s*)?(?:horizontal commitments|engagements horizontaux|compromisos horizontales|الالتزامات الأفقية)$`,
);
const ALL_SECTORS = plainPattern(
  String.raw`^(?:all sectors included in this schedule|tous les secteurs inclus dans la presente liste)`,
);
const SECTORS_TITLE = plainPattern(
  String.raw`^(?:[ivx]+\.\s*)?(?:sector-specific commitments|specific commitments|engagements specifiques par secteur|engagements sectoriels|compromisos sectoriales|الالتزامات القطاعية المحددة)$`,
);
const MFN_TITLE = plainPattern(
  String.raw`^(?:mfn exemptions|exemptions npf|list of article ii \(mfn\) exemptions|الإعفاءات من معاملة)`,
);
/** What the portal prints in an empty table. */
const NONE_LISTED = new Set(['none listed', 'neant', 'لا يوجد'].map(plain));

const SECTOR_HEADING = /^(\d{1,2})\.\s+(\S.*)$/;
const WHOLE_CODE = /^(\d{1,2}\.[A-Z](?:\.[a-z](?:\.\d{1,2})?)?)\.?\s+(\S.*)$/;
const SUBSECTOR_HEADING = /^([A-Z])\.\s+(\S.*)$/;
const ITEM = /^\(?([a-z])\)\s+(\S.*)$/;
const CPC_CODE_LINE = /^(\d{3,6}\**)\s+(\S.*)$/;
const CPC_BRACKET = /\(\s*(CPC(?:\s*Prov\.?|\s*2\.1)?)\s*:?\s*([0-9][0-9\s,;*\-–x/.]*?)\s*\)\s*$/i;

/** "(CPC 861, 862)" at the end of a line: the codes, their scheme and the line without them. */
export function cpcOf(line: string): { rest: string; codes: string[]; scheme: ScheduleEntry['cpcScheme'] } | null {
  const m = CPC_BRACKET.exec(line);
  if (!m) return null;
  const label = m[1]!.toLowerCase().replace(/\s+/g, '');
  return {
    rest: line.slice(0, m.index).trim(),
    codes: m[2]!
      .split(/[,;]/)
      .map((c) => c.replace(/\s+/g, '').replace(/–/g, '-'))
      .filter(Boolean),
    scheme: label.startsWith('cpcprov') ? 'prov' : label.startsWith('cpc2.1') ? 'cpc21' : null,
  };
}

/** One line of the first column read as a heading or a service (null: a line of other text). */
export function lineOf(line: string): ServiceLine | null {
  let m = WHOLE_CODE.exec(line);
  if (m) return { mark: m[1]!, level: 'code', title: m[2]! };
  m = SECTOR_HEADING.exec(line);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return { mark: m[1]!, level: 'sector', title: m[2]! };
  m = SUBSECTOR_HEADING.exec(line);
  if (m) return { mark: m[1]!, level: 'subsector', title: m[2]! };
  m = ITEM.exec(line);
  if (m) return { mark: m[1]!, level: 'item', title: m[2]! };
  m = CPC_CODE_LINE.exec(line);
  if (m) return { mark: m[1]!, level: 'code', title: m[2]! };
  return null;
}

type Section = 'before' | 'horizontal' | 'sectors' | 'mfn';

export function parseSchedule(rows: SourceRow[]): ParsedSchedule {
  const out: ParsedSchedule = { found: false, otherColumns: null, horizontal: [], entries: [], mfn: [] };
  let section: Section = 'before';
  /** A title met before the table it names. */
  let titled: Section | null = null;
  let inTable = false;
  let path: Heading[] = [];
  let last: ScheduleEntry | null = null;

  for (const row of rows) {
    // The portal's own French and Arabic documents mark text left in its language (†): read back as written.
    const cells = row.cells.map((c) => withoutUntranslatedMarks(stripIsolates(c)));
    const texts = cells.map((c) => c.trim());
    const filled = texts.filter(Boolean);
    const only = filled.length === 1 ? plain(filled[0]!) : null;
    if (only !== null && (row.paragraph || texts.slice(1).every((t) => !t))) {
      // A title, between tables or as a row spanning the table.
      if (HORIZONTAL_TITLE.test(only)) {
        titled = 'horizontal';
        if (inTable) section = 'horizontal';
        continue;
      }
      if (SECTORS_TITLE.test(only)) {
        titled = 'sectors';
        if (inTable) section = 'sectors';
        continue;
      }
      if (MFN_TITLE.test(only)) {
        titled = 'mfn';
        section = 'before';
        continue;
      }
      if (NONE_LISTED.has(only)) continue;
    }
    if (row.paragraph) continue;
    if (isScheduleHeader(cells)) {
      out.found = true;
      inTable = true;
      section =
        titled === 'sectors' || (section === 'horizontal' && titled !== 'horizontal') ? 'sectors' : 'horizontal';
      if (section === 'sectors' && titled !== 'sectors') titled = 'sectors';
      path = [];
      last = null;
      continue;
    }
    if (isMfnHeader(cells)) {
      section = 'mfn';
      inTable = true;
      continue;
    }
    if (section === 'before') {
      if (!out.found && !out.otherColumns && looksLikeHeader(cells)) out.otherColumns = filled;
      continue;
    }
    if (section === 'mfn') {
      out.mfn.push({ at: row.at, cells: texts.slice(0, 5) });
      continue;
    }
    const firstLine = texts[0]?.split('\n')[0]?.trim() ?? '';
    if (section === 'horizontal') {
      const heading = lineOf(firstLine);
      // The first sector heading ends a horizontal section that has no title of its own after it.
      const startsSectors = heading?.level === 'sector' && !ALL_SECTORS.test(plain(firstLine));
      if (!startsSectors) {
        out.horizontal.push({ at: row.at, cells: texts.slice(0, 4) });
        continue;
      }
      section = 'sectors';
    }
    const read = sectorRow(row.at, texts, path, last, out.entries);
    path = read.headings;
    last = read.entry;
  }
  return out;
}

/**
 * One row of the sector-specific section: headings update the path; a row with commitments (or with a service line)
 * is an entry; a row with an empty first column continues the entry above (a row broken across pages).
 */
function sectorRow(
  at: RowPlace,
  texts: string[],
  path: Heading[],
  last: ScheduleEntry | null,
  entries: ScheduleEntry[],
): { entry: ScheduleEntry | null; headings: Heading[] } {
  const [first = '', ma = '', nt = '', additional = ''] = texts;
  const hasCommitments = Boolean(ma || nt || additional);
  if (!first && hasCommitments && last) {
    last.marketAccess = [last.marketAccess, ma].filter(Boolean).join('\n');
    last.nationalTreatment = [last.nationalTreatment, nt].filter(Boolean).join('\n');
    last.additional = [last.additional, additional].filter(Boolean).join('\n');
    return { entry: last, headings: path };
  }
  let headings = [...path];
  const services: ServiceLine[] = [];
  const cpc: string[] = [];
  let cpcScheme: ScheduleEntry['cpcScheme'] = null;
  const pending: ServiceLine[] = [];
  for (const raw of first.split('\n')) {
    const bracket = cpcOf(raw.trim());
    const line = bracket ? bracket.rest : raw.trim();
    if (bracket) {
      cpc.push(...bracket.codes);
      cpcScheme ??= bracket.scheme;
    }
    if (!line) continue;
    const read = lineOf(line);
    if (read?.level === 'sector') {
      headings = [{ mark: read.mark, title: read.title }];
      pending.splice(0, pending.length, read);
    } else if (read?.level === 'subsector') {
      headings = [...headings.filter((h) => /^\d/.test(h.mark)).slice(0, 1), { mark: read.mark, title: read.title }];
      pending.splice(0, pending.length, read);
    } else if (read) services.push(read);
    else if (services.length === 0 && pending.length === 0) services.push({ mark: '', level: 'title', title: line });
  }
  if (!hasCommitments && services.length === 0) {
    // A heading row: it only sets the headings of the rows below.
    return { entry: null, headings };
  }
  // A heading that carries commitments itself is the row's service ("A. Professional services" with its entries).
  if (services.length === 0) services.push(...pending.slice(-1));
  const entry: ScheduleEntry = {
    at,
    sectorText: first,
    headings,
    services,
    cpc,
    cpcScheme,
    marketAccess: ma,
    nationalTreatment: nt,
    additional,
  };
  entries.push(entry);
  return { entry, headings };
}
