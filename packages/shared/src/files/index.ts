import { z } from 'zod';

/**
 * Upload rules (spec sections 5 and 9). The spec's "maximum upload size setting 10" is read as 10 MiB
 * (10 × 1024 × 1024 bytes): see docs/decisions/files.md.
 */
export const UPLOAD_MAX_MB = 10;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** The spec's 1-second delay before a chosen file is sent. */
export const UPLOAD_DELAY_MS = 1000;

/** Accepted extensions and the content type a download is served with. */
export const UPLOAD_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
} as const;
export type UploadExtension = keyof typeof UPLOAD_TYPES;
export const UPLOAD_EXTENSIONS = Object.keys(UPLOAD_TYPES) as UploadExtension[];
/** For an <input accept>. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

/** A file key as the server makes them: random url-safe characters and the extension; never a path. */
export const FILE_KEY_PATTERN = /^[A-Za-z0-9_-]{16,64}(\.[a-z0-9]{1,5})?$/;

/** The lower-case extension of a file name, if it is one we accept. */
export function uploadExtension(fileName: string): UploadExtension | null {
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(fileName)?.[1]?.toLowerCase();
  return ext && ext in UPLOAD_TYPES ? (ext as UploadExtension) : null;
}

/** What the browser can check before sending: the name and the size (the server checks the content too). */
export function uploadProblem(fileName: string, size: number): 'type' | 'size' | null {
  if (!uploadExtension(fileName)) return 'type';
  if (size > UPLOAD_MAX_BYTES || size === 0) return 'size';
  return null;
}

/** The spec's message for a refused or failed upload (its message catalogue). */
export function uploadFailedMessage(fileName: string): string {
  return `${fileName} file upload failed.`;
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

function contains(bytes: Uint8Array, needle: number[]): boolean {
  const first = needle[0];
  if (first === undefined) return false;
  for (let i = bytes.indexOf(first); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(first, i + 1))
    if (startsWith(bytes, needle, i)) return true;
  return false;
}

const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Little-endian integers; the callers keep `at` inside the bytes (a byte past the end would read as 0). */
const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

/**
 * The entry names of a ZIP archive from its central directory (found through the end-of-central-directory record in
 * the last 64 KiB), or null when the file is not a well-formed ZIP: a file that merely starts with 'PK' and names
 * Office parts somewhere in its bytes is not an Office document.
 */
export function zipEntryNames(bytes: Uint8Array): Set<string> | null {
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  for (let eocd = bytes.length - 22; eocd >= min; eocd--) {
    if (u32(bytes, eocd) !== 0x06054b50) continue;
    const count = u16(bytes, eocd + 10);
    const size = u32(bytes, eocd + 12);
    const start = u32(bytes, eocd + 16);
    if (start + size > eocd || count === 0) return null;
    const names = new Set<string>();
    let at = start;
    for (let i = 0; i < count; i++) {
      if (at + 46 > eocd || u32(bytes, at) !== 0x02014b50) return null;
      const nameLength = u16(bytes, at + 28);
      const next = at + 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
      if (next > eocd) return null;
      const localHeader = u32(bytes, at + 42);
      if (localHeader + 4 > start || u32(bytes, localHeader) !== 0x04034b50) return null;
      names.add(String.fromCharCode(...bytes.subarray(at + 46, at + 46 + nameLength)));
      at = next;
    }
    return names;
  }
  return null;
}

/** Markup a browser would run if it ever sniffed the file as HTML, compared without regard to case. */
const HTML_MARKERS = ['<script', '<html', '<iframe', '<svg', '<body', '<!doctype html'].map(ascii);

/**
 * Whether a PDF, image or video also carries HTML (a polyglot): such a file is refused, whatever its magic bytes say.
 */
export function containsHtml(bytes: Uint8Array): boolean {
  for (let i = bytes.indexOf(0x3c); i !== -1; i = bytes.indexOf(0x3c, i + 1)) {
    for (const marker of HTML_MARKERS) {
      const found = marker.every((m, j) => {
        const b = bytes[i + j];
        return b !== undefined && (b >= 0x41 && b <= 0x5a ? b + 32 : b) === m;
      });
      if (found) return true;
    }
  }
  return false;
}
const utf16 = (s: string) => [...s].flatMap((c) => [c.charCodeAt(0), 0]);

type DetectedKind = 'pdf' | 'png' | 'jpg' | 'mp4' | 'doc' | 'xls' | 'docx' | 'xlsx';

/**
 * The type of a file by its content (magic bytes), whatever its name says. Office Open XML files are ZIP
 * archives told apart by their part names (word/ or xl/); legacy Office files are OLE2 compound files told
 * apart by their stream names (WordDocument or Workbook/Book).
 */
export function detectFileKind(bytes: Uint8Array): DetectedKind | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('ftyp'), 4)) return 'mp4';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    // A real ZIP container, read from its central directory, with the main part of its kind.
    const names = zipEntryNames(bytes);
    if (!names?.has('[Content_Types].xml')) return null;
    if (names.has('word/document.xml')) return 'docx';
    if (names.has('xl/workbook.xml')) return 'xlsx';
    return null;
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    if (contains(bytes, utf16('WordDocument'))) return 'doc';
    if (contains(bytes, utf16('Workbook')) || contains(bytes, utf16('Book'))) return 'xls';
    return null;
  }
  return null;
}

/** Whether the content matches the name's extension: a renamed executable or a mislabelled file does not. */
export function contentMatchesExtension(ext: UploadExtension, bytes: Uint8Array): boolean {
  const kind = detectFileKind(bytes);
  if (!kind || kind !== (ext === 'jpeg' ? 'jpg' : ext)) return false;
  return !(['pdf', 'png', 'jpg', 'mp4'].includes(kind) && containsHtml(bytes));
}

/** The payload of POST /file, and of the CMS's uploads (an image or a document of an entry). */
export const uploadedFileSchema = z.object({
  fileKey: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
