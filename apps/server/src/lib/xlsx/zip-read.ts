/**
 * Reads the parts of a ZIP package (an .xlsx) within bounds: the entry count and the declared unpacked sizes are
 * checked from the central directory before anything is inflated, and inflating stops as soon as an entry gives more
 * than it declared, so a zip bomb costs a few megabytes and milliseconds, not gigabytes.
 *
 * Inflating is Node's zlib with `maxOutputLength` (the cap is native), off the event loop for worksheets: fflate's
 * JavaScript inflate, tried first, held the loop for up to two seconds on a 60,000-row sheet.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const inflateRaw = promisify(zlib.inflateRaw);

/** Why a file is refused; callers turn each into their own 4xx. */
export type XlsxRefusal = 'encrypted' | 'too-large' | 'not-xlsx';

export class XlsxReadError extends Error {
  constructor(
    readonly reason: XlsxRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'XlsxReadError';
  }
}

export interface ZipLimits {
  /** Most bytes all entries may declare together; an entry that unpacks to more than it declares is refused. */
  maxUnpackedBytes: number;
  /** Most entries the package may hold. */
  maxEntries: number;
}

export const DEFAULT_LIMITS: ZipLimits = { maxUnpackedBytes: 50 * 1024 * 1024, maxEntries: 1000 };

interface Entry {
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The start of an OLE compound file: an encrypted (password-protected) workbook, or an Excel 97–2003 .xls. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const notXlsx = () => new XlsxReadError('not-xlsx', 'The file is not a readable .xlsx workbook.');

/** The entries of a ZIP package by name; throws XlsxReadError before inflating anything when the file is refused. */
export function openZip(data: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS) {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (OLE_MAGIC.every((b, i) => bytes[i] === b))
    throw new XlsxReadError(
      'encrypted',
      'The file is a password-protected workbook or an Excel 97–2003 file: save it as an .xlsx workbook without a password.',
    );
  if (bytes.length < 22 || bytes.readUInt32LE(0) !== 0x04034b50) throw notXlsx();
  // Every entry is held to its declared size, and the declared sizes add up to at most the limit.
  const entries = centralDirectory(bytes, limits);

  return {
    names: [...entries.keys()],
    has: (name: string) => entries.has(name),
    /** The bytes of one (small) entry, or undefined when the package has none of that name. */
    read(name: string): Buffer | undefined {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const compressed = packed(bytes, entry);
      if (entry.method === 0) return compressed;
      return inflated(entry, () => zlib.inflateRawSync(compressed, { maxOutputLength: Math.max(1, entry.size) }));
    },
    /** The same, inflated in Node's thread pool: for worksheets and shared strings. */
    async readAsync(name: string): Promise<Buffer | undefined> {
      const entry = entries.get(name);
      if (!entry) return undefined;
      const compressed = packed(bytes, entry);
      if (entry.method === 0) return compressed;
      try {
        return checked(entry, await inflateRaw(compressed, { maxOutputLength: Math.max(1, entry.size) }));
      } catch (e) {
        throw refusalOf(e);
      }
    },
  };
}

function centralDirectory(bytes: Buffer, limits: ZipLimits): Map<string, Entry> {
  // The end-of-central-directory record: 22 bytes plus a comment of at most 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notXlsx();
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  // ZIP64 is only needed past 65,535 entries or 4 GB, neither of which a workbook we accept can reach.
  if (count === 0xffff || at === 0xffffffff) throw notXlsx();
  if (count > limits.maxEntries) throw tooLarge(limits);
  const entries = new Map<string, Entry>();
  let declared = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw notXlsx();
    const flags = bytes.readUInt16LE(at + 8);
    const entry: Entry = {
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      size: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
    };
    const nameLength = bytes.readUInt16LE(at + 28);
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
    if (flags & 1) throw notXlsx(); // a ZIP-encrypted entry: not something Excel writes
    if (entry.method !== 0 && entry.method !== 8) throw notXlsx();
    declared += entry.size;
    if (declared > limits.maxUnpackedBytes) throw tooLarge(limits);
    entries.set(name.replace(/^\//, ''), entry);
  }
  return entries;
}

const tooLarge = (limits: ZipLimits) =>
  new XlsxReadError(
    'too-large',
    `The workbook unpacks to more than ${limits.maxUnpackedBytes / 1024 / 1024} MB or holds more than ` +
      `${limits.maxEntries} parts: split it and import the parts.`,
  );

const overDeclared = () => new XlsxReadError('too-large', 'A part of the workbook unpacks to more than it declares.');

/** The compressed bytes of an entry, found through its local header. */
function packed(bytes: Buffer, entry: Entry): Buffer {
  const local = entry.localOffset;
  if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) throw notXlsx();
  const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
  const compressed = bytes.subarray(start, start + entry.compressedSize);
  if (compressed.length < entry.compressedSize) throw notXlsx();
  if (entry.method === 0 && compressed.length > entry.size) throw overDeclared();
  return compressed;
}

/** zlib stops at `maxOutputLength` with ERR_BUFFER_TOO_LARGE: the entry gives more than it declares. */
function refusalOf(e: unknown): XlsxReadError {
  if (e instanceof XlsxReadError) return e;
  if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return overDeclared();
  return notXlsx();
}

/** An empty entry is inflated with room for one byte: that byte, if it comes, is more than declared. */
const checked = (entry: Entry, out: Buffer) => {
  if (out.length > entry.size) throw overDeclared();
  return out;
};

function inflated(entry: Entry, inflate: () => Buffer): Buffer {
  try {
    return checked(entry, inflate());
  } catch (e) {
    throw refusalOf(e);
  }
}
