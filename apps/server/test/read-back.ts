// Test helper: reads generated documents back, PDF text through poppler's pdftotext, DOCX through jszip, XLSX
// through the server's own reader (lib/xlsx/read.ts; xlsxParts below gives the raw XML for checks independent of it).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { readSheet, type CellValue } from '../src/lib/xlsx/read.js';
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

/** A cell as text: numbers and booleans as written, an empty cell as ''. */
export const cellText = (v: CellValue) => (v === null ? '' : String(v));

/** Every row of a sheet (the first by default) that holds a value, as the text of its cells. */
export async function xlsxRows(
  xlsx: Buffer,
  sheet?: string | number,
): Promise<{ name: string; rows: string[][]; rightToLeft: boolean }> {
  const read = await readSheet(xlsx, sheet);
  const rows = read.rows.map((r) => r.cells.map(cellText)).filter((cells) => cells.some((c) => c !== ''));
  return { name: read.name, rows, rightToLeft: read.rightToLeft };
}

/** The XML parts of an .xlsx by name, unzipped with jszip: an independent reader for what the file really holds. */
export async function xlsxParts(xlsx: Buffer): Promise<Record<string, string>> {
  const zip = await JSZip.loadAsync(xlsx);
  const parts: Record<string, string> = {};
  for (const [name, file] of Object.entries(zip.files)) if (!file.dir) parts[name] = await file.async('string');
  return parts;
}

/** A GET returning a file: status, headers and the bytes (or the JSON refusal). */
export async function download(t: TestApp, token: string, url: string) {
  const res = await fetch(`${t.api}${url}`, { headers: { authorization: `Bearer ${token}` } });
  const data = Buffer.from(await res.arrayBuffer());
  let json: any = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(data.toString() || 'null');
  return { status: res.status, headers: res.headers, data, json };
}
