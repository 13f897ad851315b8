/**
 * A schedule file read into an offer document in the shape POST /offers accepts, not saved: the horizontal section
 * into the horizontal commitments table, each sector row into a sector (services from the classification, the four
 * modes of both limitation columns, the additional commitments), the MFN exemptions table when there is one. What
 * could not be placed is a warning naming its table or sheet, its row and its text.
 */
import crypto from 'node:crypto';
import {
  OFFER_LIMITS,
  SECTOR_TYPE_CODES,
  blankOfferDocument,
  blankSector,
  findDuplicateSector,
  type ImportWarning,
  type OfferDocument,
  type OfferImport,
  type Sector,
  type TableCell,
} from '@portal/shared';
import type { Db } from '../../db/client.js';
import { parseSchedule, type ScheduleEntry, type TableRowText } from './layout.js';
import { readScheduleRows, type ReadLimits, SCHEDULE_READ_LIMITS } from './read.js';
import { serviceIndex, type FoundService, type ServiceIndex } from './sectors.js';
import { blockOf } from './terms.js';
import { ScheduleImportError } from './errors.js';

const MAX_WARNING_TEXT = 500;

/** Reads a schedule file (.docx or .xlsx) into an offer document and its warnings; throws ScheduleImportError. */
export async function importOfferSchedule(
  db: Db,
  file: { fileName: string; data: Uint8Array },
  limits: ReadLimits = SCHEDULE_READ_LIMITS,
): Promise<OfferImport> {
  const schedule = await readSchedule(file, limits);
  const index = await serviceIndex(db);
  const warnings: ImportWarning[] = [];
  const doc: OfferDocument = blankOfferDocument();
  doc.geenralCommitement = tableRows(schedule.horizontal, 4, warnings);
  doc.geenralCommitementCon = tableRows(schedule.mfn, 5, warnings);
  for (const entry of schedule.entries) {
    const sector = sectorOf(entry, index, warnings);
    if (!sector) continue;
    if (doc.sectors.length >= OFFER_LIMITS.sectors) {
      warnings.push(warning('TOO_MANY_SECTORS', entry));
      continue;
    }
    if (findDuplicateSector([...doc.sectors, sector])) {
      warnings.push(warning('SECTOR_REPEATED', entry));
      continue;
    }
    doc.sectors.push(sector);
  }
  return { offer: doc, warnings };
}

/** The file's rows read as a schedule; refuses a file with no four-column table. */
export async function readSchedule(file: { fileName: string; data: Uint8Array }, limits = SCHEDULE_READ_LIMITS) {
  const { rows } = await readScheduleRows(file.fileName, file.data, limits);
  const schedule = parseSchedule(rows);
  if (!schedule.found) {
    const seen = schedule.otherColumns
      ? ` The first table has the columns: ${schedule.otherColumns.map((c) => c.slice(0, 60)).join(' | ')}.`
      : '';
    throw new ScheduleImportError('IMPORT_NOT_A_SCHEDULE', seen);
  }
  return schedule;
}

export function warning(
  reason: ImportWarning['reason'],
  source: Pick<ScheduleEntry, 'at'> & { sectorText?: string; cells?: string[] },
  extra: Partial<ImportWarning> = {},
): ImportWarning {
  const text = extra.text ?? source.sectorText ?? source.cells?.filter(Boolean).join(' | ') ?? '';
  return {
    reason,
    ...(source.at.table !== undefined ? { table: source.at.table } : {}),
    ...(source.at.sheet !== undefined ? { sheet: source.at.sheet } : {}),
    row: source.at.row,
    ...extra,
    text: text.slice(0, MAX_WARNING_TEXT),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as the rich text the editor stores: a paragraph per line. */
export function paragraphs(text: string): string {
  const lines = text.split('\n').filter((l) => l.trim());
  return lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
}

function tableRows(rows: TableRowText[], width: number, warnings: ImportWarning[]): TableCell[][] {
  const out: TableCell[][] = [];
  for (const row of rows) {
    if (out.length >= OFFER_LIMITS.tableRows) {
      warnings.push(warning('ROW_NOT_PLACED', row));
      continue;
    }
    out.push(
      Array.from({ length: width }, (_, i) => ({
        value: paragraphs(row.cells[i] ?? ''),
        style: { cols: null, weight: 'normal' as const },
      })),
    );
  }
  return out;
}

function sectorOf(entry: ScheduleEntry, index: ServiceIndex, warnings: ImportWarning[]): Sector | null {
  const found: FoundService[] = [];
  for (const line of entry.services) {
    const service = index.find(line, entry);
    if (service && found.every((f) => f.scheme === service.scheme && f.node.key !== service.node.key))
      found.push(service);
    else if (!service && entry.services.length > 1)
      warnings.push(warning('SERVICE_NOT_MATCHED', entry, { text: line.title }));
  }
  if (found.length === 0) {
    warnings.push(warning('SECTOR_NOT_MATCHED', entry));
    return null;
  }
  // One sector per row: services under another first-level sector than the first one's are left out.
  const root = (f: FoundService) => f.path[0] ?? f.node.value;
  const kept = found.filter((f) => root(f) === root(found[0]!));
  for (const f of found.slice(1))
    if (!kept.includes(f)) warnings.push(warning('SERVICE_NOT_MATCHED', entry, { text: f.node.title }));
  const unique = <T>(xs: T[]) => [...new Set(xs)];
  const offeredProv = unique(kept.flatMap((f) => f.node.provisionalCodes));
  const offeredCpc = unique(kept.flatMap((f) => f.node.cpcCodes));
  const listed = unique(entry.cpc);
  const asCpc21 =
    entry.cpcScheme === 'cpc21' ||
    (entry.cpcScheme === null &&
      listed.length > 0 &&
      listed.every((c) => offeredCpc.includes(c)) &&
      !listed.every((c) => offeredProv.includes(c)));
  const offered = asCpc21 ? offeredCpc : offeredProv;
  const chosen = listed.filter((c) => offered.includes(c));
  const notPlaced = listed.filter((c) => !offered.includes(c));
  if (notPlaced.length) warnings.push(warning('CPC_NOT_PLACED', entry, { text: notPlaced.join(', ') }));

  const sector = blankSector(crypto.randomUUID());
  sector.type = SECTOR_TYPE_CODES[kept[0]!.scheme];
  sector.services = kept.map((f) => ({ title: f.node.title, value: f.node.value, key: f.node.key }));
  sector.codes = kept.map((f) => f.node.value);
  sector.details = kept[0]!.path;
  sector.codesCPC = offeredProv;
  sector.codesCPC2 = offeredCpc;
  sector.provisional_codes = asCpc21 ? [] : chosen;
  sector.cpc_codes = asCpc21 ? chosen : [];
  const c = sector.sectorCommitement;
  for (const [column, text, key] of [
    ['MA', entry.marketAccess, 'limitationsMA'],
    ['NT', entry.nationalTreatment, 'limitationsOnNationalTreatment'],
  ] as const) {
    const { block, problems } = blockOf(text);
    c[key] = block;
    for (const p of problems)
      warnings.push(
        warning(p.kind === 'no-modes' ? 'MODES_NOT_FOUND' : 'MODE_MISSING', entry, {
          column,
          text: text,
          ...(p.modes ? { modes: p.modes } : {}),
        }),
      );
  }
  c.additionalCommitment.commitment = paragraphs(entry.additional);
  return sector;
}
