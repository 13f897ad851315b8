// Test helper: reads generated documents back, PDF text through poppler's pdftotext, DOCX through jszip, XLSX
// through exceljs.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { TestApp } from './harness.js';

/** Unicode isolates and the embeddings pdftotext adds around runs of the other direction. */
export const stripBidi = (text: string) => text.replace(/[\u2066-\u2069\u202a-\u202e\u200e\u200f]/g, '');

/** The text of each page of a PDF, as `pdftotext -layout` reads it. */
export function pdfPages(pdf: Buffer): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-'));
  const file = path.join(dir, 'doc.pdf');
  fs.writeFileSync(file, pdf);
  try {
    const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { maxBuffer: 64 << 20 }).toString();
    return text.split('\f').slice(0, -1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The paragraphs' text of word/document.xml, tags removed, one string. */
export async function docxText(docx: Buffer): Promise<string> {
  const zip = await JSZip.loadAsync(docx);
  const xml = await zip.file('word/document.xml')!.async('string');
  return xml
    .replace(/<\/w:p>/g, '\n')
    .replace(/<w:br\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'");
}

/** Every row of the first sheet as the text of its cells. */
export async function xlsxRows(xlsx: Buffer): Promise<{ rows: string[][]; rightToLeft: boolean }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(xlsx as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell) => cells.push(cell.text ?? ''));
    rows.push(cells);
  });
  return { rows, rightToLeft: !!sheet.views[0]?.rightToLeft };
}

/** A GET returning a file: status, headers and the bytes (or the JSON refusal). */
export async function download(t: TestApp, token: string, url: string) {
  const res = await fetch(`${t.api}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const data = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(data.toString() || 'null');
  return { status: res.status, headers: res.headers, data, json };
}
