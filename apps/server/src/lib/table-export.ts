import type { FastifyReply } from 'fastify';
import { toCsv, type ExportFormat } from '@portal/shared';
import { writeXlsx } from './xlsx/write.js';

/** Most rows one export holds: a bigger result is cut there (the file says so in its last line). */
export const EXPORT_MAX_ROWS = 50_000;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Cell = string | number | boolean | null | undefined;

export interface Table {
  /** File name without extension, and the worksheet's name. */
  name: string;
  columns: string[];
  rows: Cell[][];
}

/**
 * A table as a CSV (UTF-8 with a byte-order mark, so spreadsheets read French and Arabic; fields that could start a
 * formula are kept as text by the shared csv helper) or an XLSX workbook (cells written as values, never formulas).
 */
export async function tableFile(table: Table, format: ExportFormat): Promise<{ body: Buffer; type: string }> {
  if (format === 'csv') {
    return {
      body: Buffer.from(`\uFEFF${toCsv([table.columns, ...table.rows])}`, 'utf8'),
      type: 'text/csv; charset=utf-8',
    };
  }
  const body = writeXlsx({
    creator: 'Services negotiation portal',
    sheets: [
      {
        name: table.name.slice(0, 31),
        widths: table.columns.map((header) => Math.max(12, Math.min(40, header.length + 4))),
        rows: [{ cells: table.columns, style: { bold: true } }, ...table.rows],
        freeze: { rows: 1 },
      },
    ],
  });
  return { body, type: XLSX_TYPE };
}

/** Sends a table as an attachment named `<name>-<YYYY-MM-DD>.<format>`. */
export async function sendTable(reply: FastifyReply, table: Table, format: ExportFormat) {
  const { body, type } = await tableFile(table, format);
  const day = new Date().toISOString().slice(0, 10);
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${table.name}-${day}.${format}"`)
    .send(body);
}
