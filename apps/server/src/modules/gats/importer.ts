import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ERROR_CATALOGUE, GATS_COLUMNS, parseCsv, walkTree, type GatsImportReport } from '@portal/shared';
import type { Actor, RequestMeta } from '../../context.js';
import type { Db } from '../../db/client.js';
import { gatsCommitments, gatsImports } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';
import { XlsxReadError, openXlsx, type CellValue } from '../../lib/xlsx/read.js';
import { writeAudit } from '../logs/service.js';
import { getServiceTree } from '../sectors/service.js';
import { importRefusalOf } from '../schedule-import/errors.js';
import { isScheduleHeader } from '../schedule-import/layout.js';
import { serviceIndex } from '../schedule-import/sectors.js';
import { splitModes } from '../schedule-import/terms.js';
import { readSchedule } from '../schedule-import/to-offer.js';
import { memberKey } from './keys.js';

/** Most data rows one file may hold; a bigger sheet is refused whole, before anything is written. */
const MAX_IMPORT_ROWS = 60_000;
/** Largest file accepted (upload and command line). */
export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
const MAX_CELL = 10_000;
const MAX_LISTED_REFUSALS = 200;

export class ImportFileError extends Error {}

type Cells = string[];

/** Reads the first sheet of an .xlsx or a .csv file into a header and data rows of text cells. */
export async function readGatsFile(
  fileName: string,
  data: Buffer,
  maxRows = MAX_IMPORT_ROWS,
): Promise<{ header: string[]; rows: Cells[] }> {
  if (data.length > MAX_IMPORT_BYTES)
    throw new ImportFileError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) {
    const text = data.toString('utf8').replace(/^\uFEFF/, '');
    const [header = [], ...rows] = parseCsv(text);
    if (rows.length > maxRows) throw tooMany(rows.length, maxRows);
    return { header, rows };
  }
  if (lower.endsWith('.xlsx')) return readXlsx(data, maxRows);
  throw new ImportFileError('Only .xlsx and .csv files can be imported.');
}

/**
 * The rows to import: the 13-column sheet as it is, or a schedule in the WTO four-column layout (.docx, or an .xlsx
 * whose first row is not the 13 columns) read by the shared schedule reader, each service it names one row of the
 * member's commitments (mode texts as written); a sector that matches no W/120 service is refused with its row.
 */
async function readGatsInput(db: Db, fileName: string, data: Buffer, member: string | undefined) {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv') || (lower.endsWith('.xlsx') && (await isGatsSheet(data))))
    return { ...(await readGatsFile(fileName, data)), scheduleRefusals: [] };
  if (!lower.endsWith('.docx') && !lower.endsWith('.xlsx'))
    throw new ImportFileError(
      'Only .xlsx and .csv files (or a .docx or .xlsx schedule in the WTO layout) can be imported.',
    );
  if (data.length > MAX_IMPORT_BYTES)
    throw new ImportFileError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
  if (!member?.trim())
    throw new ImportFileError(
      'A schedule in the WTO four-column layout does not name its member in every row: name the member it belongs to.',
    );
  let schedule;
  try {
    schedule = await readSchedule({ fileName, data });
  } catch (e) {
    const refused = importRefusalOf(e);
    if (!refused) throw e;
    throw new ImportFileError(`${ERROR_CATALOGUE[refused.code].message}${refused.detail ? ` ${refused.detail}` : ''}`);
  }
  const index = await serviceIndex(db);
  const rows: Cells[] = [];
  const scheduleRefusals: { row: number; reason: string }[] = [];
  const modes = (cell: string) => splitModes(cell).modes.map((m) => m ?? '');
  for (const entry of schedule.entries) {
    const found = entry.services.map((line) => index.find(line, entry)).filter((f) => f?.scheme === 'W120');
    if (found.length === 0) {
      const where = entry.at.table ? `table ${entry.at.table}, ` : entry.at.sheet ? `sheet ${entry.at.sheet}, ` : '';
      scheduleRefusals.push({
        row: entry.at.row,
        reason: `${where}"${entry.sectorText.slice(0, 80)}" matches no W/120 service`,
      });
      continue;
    }
    for (const f of found)
      rows.push([
        member.trim(),
        f!.node.value,
        f!.node.title,
        entry.sectorText,
        ...modes(entry.marketAccess),
        ...modes(entry.nationalTreatment),
        fileName,
      ]);
  }
  return { header: [...GATS_COLUMNS], rows, scheduleRefusals };
}

/** Whether a workbook's first row is the 13 columns of the GATS sheet. */
async function isGatsSheet(data: Buffer): Promise<boolean> {
  try {
    for await (const row of openXlsx(data).rows(0)) {
      const cells = row.cells.map(cellText);
      if (cells.every((c) => c === '')) continue;
      return !isScheduleHeader(cells) && cells.some((c) => c.trim().toLowerCase() === 'sectorcode');
    }
  } catch {
    // An unreadable workbook is refused by the 13-column reader, with its reason.
    return true;
  }
  return true;
}

function tooMany(n: number | string, maxRows: number) {
  return new ImportFileError(
    `The sheet has ${n} data rows; at most ${maxRows} can be imported from one file. Split it and import the parts.`,
  );
}

/**
 * Reads the first sheet a batch of rows at a time, so a huge sheet is refused as soon as it passes the limit and the
 * event loop keeps turning; the reader refuses zip bombs, password-protected workbooks and other files first.
 */
async function readXlsx(data: Buffer, maxRows: number): Promise<{ header: string[]; rows: Cells[] }> {
  let header: string[] | null = null;
  const rows: Cells[] = [];
  try {
    for await (const row of openXlsx(data).rows(0)) {
      const cells = row.cells.map(cellText);
      if (cells.every((c) => c === '')) continue;
      if (!header) {
        header = cells;
        continue;
      }
      rows.push(cells);
      if (rows.length > maxRows) throw tooMany(`more than ${maxRows}`, maxRows);
    }
  } catch (e) {
    if (e instanceof ImportFileError) throw e;
    if (e instanceof XlsxReadError) throw new ImportFileError(e.message);
    throw new ImportFileError('The file is not a readable .xlsx workbook.');
  }
  return { header: header ?? [], rows };
}

const cellText = (v: CellValue): string => (v === null ? '' : String(v));

interface GatsRecord {
  member: string;
  sectorCode: string;
  sectorName: string;
  sectorText: string;
  ma: [string, string, string, string];
  nt: [string, string, string, string];
  source: string;
}

/** Checks the header and every row; returns the good rows and the refused ones with their sheet row number. */
export function validateGatsRows(header: string[], rows: Cells[], sectors: Map<string, string>) {
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const missing = GATS_COLUMNS.filter((c) => !index.has(c.toLowerCase()));
  const unknown = header.filter(
    (h) => h.trim() && !GATS_COLUMNS.some((c) => c.toLowerCase() === h.trim().toLowerCase()),
  );
  if (missing.length || unknown.length) {
    const parts = [];
    if (missing.length) parts.push(`missing column(s) ${missing.join(', ')}`);
    if (unknown.length) parts.push(`unknown column(s) ${unknown.join(', ')}`);
    throw new ImportFileError(`Wrong columns: ${parts.join('; ')}. Expected: ${GATS_COLUMNS.join(', ')}.`);
  }
  const get = (cells: Cells, col: string) => (cells[index.get(col.toLowerCase())!] ?? '').trim();
  const good: GatsRecord[] = [];
  const refused: { row: number; reason: string }[] = [];
  rows.forEach((cells, i) => {
    const rowNumber = i + 2; // the header is row 1
    const reasons: string[] = [];
    const member = get(cells, 'Member');
    const sectorCode = get(cells, 'SectorCode');
    const source = get(cells, 'Source');
    if (!member) reasons.push('Member is empty');
    else if (member.length > 200) reasons.push('Member is longer than 200 characters');
    if (!sectorCode) reasons.push('SectorCode is empty');
    else if (!sectors.has(sectorCode)) reasons.push(`SectorCode "${sectorCode.slice(0, 40)}" is not a W/120 code`);
    if (!source) reasons.push('Source (document symbol) is empty');
    for (const col of GATS_COLUMNS)
      if (get(cells, col).length > MAX_CELL) reasons.push(`${col} is longer than ${MAX_CELL} characters`);
    if (reasons.length) {
      refused.push({ row: rowNumber, reason: reasons.join('; ') });
      return;
    }
    good.push({
      member,
      sectorCode,
      sectorName: get(cells, 'SectorName') || sectors.get(sectorCode)!,
      sectorText: get(cells, 'SectorText'),
      ma: [get(cells, 'MA1'), get(cells, 'MA2'), get(cells, 'MA3'), get(cells, 'MA4')],
      nt: [get(cells, 'NT1'), get(cells, 'NT2'), get(cells, 'NT3'), get(cells, 'NT4')],
      source,
    });
  });
  return { good, refused };
}

/** The stored JSON of a row, in GatsRow's field order (presentGatsRow gives the same object). */
const ROW_JSON = sql.raw(
  `json_build_object('id', id, 'Member', member, 'SectorCode', sector_code, 'SectorName', sector_name, 'SectorText', sector_text, ` +
    `'MA1', ma1, 'MA2', ma2, 'MA3', ma3, 'MA4', ma4, 'NT1', nt1, 'NT2', nt2, 'NT3', nt3, 'NT4', nt4, 'Source', source)::text`,
);

function rowHash(r: GatsRecord): string {
  return crypto
    .createHash('sha256')
    .update([r.member, r.sectorCode, r.sectorName, r.sectorText, ...r.ma, ...r.nt, r.source].join('\u001f'))
    .digest('hex');
}

/**
 * Imports a GATS commitments file: every row is checked first; if any is refused nothing is written and the report
 * lists the refusals; otherwise all rows go in one transaction. Rows already present (same content) are left as
 * they are, so importing the same file twice changes nothing.
 */
export async function importGats({
  db,
  fileName,
  data,
  actor,
  meta,
  member,
}: {
  db: Db;
  fileName: string;
  data: Buffer;
  actor?: Actor | null;
  meta?: RequestMeta;
  /** The member a schedule in the WTO four-column layout belongs to (the 13-column sheet names it in each row). */
  member?: string;
}): Promise<GatsImportReport> {
  const { header, rows, scheduleRefusals } = await readGatsInput(db, fileName, data, member);
  if (header.length === 0) throw new ImportFileError('The file is empty: it needs a header row and data rows.');
  const tree = await getServiceTree({ db, scheme: 'W120', lang: 'en' });
  const sectors = new Map([...walkTree(tree)].map((n) => [n.value, n.title]));
  const { good, refused: invalid } = validateGatsRows(header, rows, sectors);
  const refused = [...scheduleRefusals, ...invalid];
  const report: GatsImportReport = {
    fileName,
    total: rows.length,
    inserted: 0,
    unchanged: 0,
    refused: refused.slice(0, MAX_LISTED_REFUSALS),
    refusedCount: refused.length,
    imported: false,
  };
  if (refused.length > 0 || rows.length === 0) return report;

  await db.transaction(async (tx) => {
    const run = only(
      await tx
        .insert(gatsImports)
        .values({ fileName, total: rows.length, inserted: 0, unchanged: 0, importedBy: actor?.id ?? null })
        .returning({ id: gatsImports.id }),
    );
    let inserted = 0;
    for (let i = 0; i < good.length; i += 500) {
      const batch = good.slice(i, i + 500).map((r) => ({
        member: r.member,
        memberKey: memberKey(r.member),
        sectorCode: r.sectorCode,
        sectorName: r.sectorName,
        sectorText: r.sectorText,
        ma1: r.ma[0],
        ma2: r.ma[1],
        ma3: r.ma[2],
        ma4: r.ma[3],
        nt1: r.nt[0],
        nt2: r.nt[1],
        nt3: r.nt[2],
        nt4: r.nt[3],
        source: r.source,
        rowHash: rowHash(r),
        importId: run.id,
      }));
      const done = await tx
        .insert(gatsCommitments)
        .values(batch)
        .onConflictDoNothing({ target: gatsCommitments.rowHash })
        .returning({ id: gatsCommitments.id });
      inserted += done.length;
    }
    await tx.execute(
      sql`update ${gatsCommitments} set row_json = ${ROW_JSON} where import_id = ${run.id} and row_json = ''`,
    );
    report.inserted = inserted;
    report.unchanged = good.length - inserted;
    await tx.execute(
      sql`update ${gatsImports} set inserted = ${inserted}, unchanged = ${report.unchanged} where id = ${run.id}`,
    );
    if (actor && meta) {
      await writeAudit(tx, {
        action: 'GATS_IMPORTED',
        logUser: actor.email,
        value: { fileName, total: rows.length, inserted, unchanged: report.unchanged },
        meta,
      });
    }
  });
  report.imported = true;
  // Fresh statistics after a bulk load, so the planner keeps using the sector and member indexes.
  if (report.inserted > 1000) await db.execute(sql`analyze ${gatsCommitments}`);
  return report;
}
