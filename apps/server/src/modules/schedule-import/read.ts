/**
 * Reads the tables of a schedule file, .docx or .xlsx, into rows of cell texts in reading order: every table of a
 * Word document (with the paragraphs between them, which carry section titles) or every sheet of a workbook. The
 * package is opened by lib/xlsx/zip-read.ts (entry count and unpacked size capped before anything is inflated,
 * password-protected and non-zip files refused); XML goes through saxes with DOCTYPEs refused; the row count is capped
 * while reading, so a 100,000-row file stops at the cap instead of being read whole.
 */
import { XlsxReadError, openXlsx, type CellValue } from '../../lib/xlsx/read.js';
import { openZip, type ZipLimits } from '../../lib/xlsx/zip-read.js';
import { readDocxBlocks } from './docx-read.js';
import { ScheduleReadError, tooManyRows, type ScheduleFileKind, type SourceRow } from './rows.js';

export { ScheduleReadError, type ReadRefusal, type RowPlace, type SourceRow } from './rows.js';

export interface ReadLimits extends ZipLimits {
  /** Most rows (table rows, sheet rows and paragraphs) read from one file. */
  maxRows: number;
}

/** A schedule of 1,000 sectors with its headings and horizontal section is far below these. */
export const SCHEDULE_READ_LIMITS: ReadLimits = { maxUnpackedBytes: 40 * 1024 * 1024, maxEntries: 2000, maxRows: 5000 };

const WORD_MAIN = 'word/document.xml';

/** The kind of file by its name, or null when it is neither a .docx nor an .xlsx. */
export function scheduleFileKind(fileName: string): ScheduleFileKind | null {
  const lower = fileName.trim().toLowerCase();
  if (lower.endsWith('.docx')) return 'docx';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

export async function readScheduleRows(
  fileName: string,
  data: Uint8Array,
  limits: ReadLimits = SCHEDULE_READ_LIMITS,
): Promise<{ kind: ScheduleFileKind; rows: SourceRow[] }> {
  const kind = scheduleFileKind(fileName);
  if (!kind) throw new ScheduleReadError('unsupported-type', 'Only .docx and .xlsx schedules can be imported.');
  try {
    if (kind === 'docx') {
      const zip = openZip(data, limits);
      if (!zip.has(WORD_MAIN))
        throw new ScheduleReadError('unreadable', 'The file is not a readable Word (.docx) document.');
      const xml = await zip.readAsync(WORD_MAIN);
      return { kind, rows: await readDocxBlocks(xml ?? Buffer.alloc(0), limits.maxRows) };
    }
    return { kind, rows: await readWorkbook(data, limits) };
  } catch (e) {
    throw asReadError(e, kind);
  }
}

async function readWorkbook(data: Uint8Array, limits: ReadLimits): Promise<SourceRow[]> {
  const book = openXlsx(data, limits);
  const rows: SourceRow[] = [];
  for (const sheet of book.sheetNames) {
    for await (const row of book.rows(sheet)) {
      const cells = row.cells.map(cellText);
      if (cells.every((c) => c.trim() === '')) continue;
      if (rows.length >= limits.maxRows) throw tooManyRows(limits.maxRows);
      rows.push({ at: { sheet, row: row.number }, cells });
    }
  }
  return rows;
}

const cellText = (v: CellValue): string => (v === null ? '' : String(v));

function asReadError(e: unknown, kind: ScheduleFileKind): ScheduleReadError {
  if (e instanceof ScheduleReadError) return e;
  const what = kind === 'docx' ? 'Word (.docx) document' : 'Excel (.xlsx) workbook';
  if (e instanceof XlsxReadError) {
    if (e.reason === 'encrypted')
      return new ScheduleReadError(
        'encrypted',
        `The file is password-protected or in an old format: save it as a ${what} without a password.`,
      );
    if (e.reason === 'too-large')
      return new ScheduleReadError('too-large', `The ${what} unpacks to too much data or holds too many parts.`);
  }
  return new ScheduleReadError('unreadable', `The file is not a readable ${what}.`);
}
