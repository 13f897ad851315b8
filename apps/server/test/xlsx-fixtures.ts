// Test helper: .xlsx files that our writer did not make — one as another program writes it (raw XML zipped with
// jszip: shared strings with rich text, a namespace prefix, column gaps), a zip bomb, a password-protected workbook.
import zlib from 'node:zlib';
import JSZip from 'jszip';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `0 → A`, enough for the narrow sheets of these tests. */
const col = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : `A${String.fromCharCode(65 + i - 26)}`);

/**
 * An .xlsx as another program writes it: every text in the shared strings table (in the order first seen, the second
 * half of a text "a|b" as a bold rich text run), the sheet under `x:` prefixes in a part named `data.xml`, empty
 * strings left out as column gaps, numbers as numbers; a second sheet after it. The workbook part comes last in the zip.
 */
export async function foreignXlsx(rows: (string | number)[][]): Promise<Buffer> {
  const strings: string[] = [];
  const sst = (s: string) => (strings.includes(s) ? strings.indexOf(s) : strings.push(s) - 1);
  const sheetRows = rows.map((cells, r) => {
    const xml = cells.map((v, c) => {
      const ref = `${col(c)}${r + 1}`;
      if (typeof v === 'number') return `<x:c r="${ref}"><x:v>${v}</x:v></x:c>`;
      return v === '' ? '' : `<x:c r="${ref}" t="s"><x:v>${sst(v)}</x:v></x:c>`;
    });
    return `<x:row r="${r + 1}" spans="1:${cells.length}">${xml.join('')}</x:row>`;
  });
  const si = strings.map((s) => {
    if (!s.includes('|')) return `<si><t xml:space="preserve">${esc(s)}</t></si>`;
    const [a = '', b = ''] = s.split('|');
    return `<si><r><t xml:space="preserve">${esc(a)}</t></r><r><rPr><b/><sz val="11"/></rPr><t>${esc(b)}</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>`;
  });
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
  );
  zip.file(
    '_rels/.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="R1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
  );
  zip.file(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="${strings.length}" uniqueCount="${strings.length}">${si.join('')}</sst>`,
  );
  zip.file(
    'xl/worksheets/data.xml',
    `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="${NS}"><x:sheetViews><x:sheetView workbookViewId="0"/></x:sheetViews><x:sheetData>${sheetRows.join('')}</x:sheetData></x:worksheet>`,
  );
  zip.file(
    'xl/worksheets/other.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Not this one</t></is></c></row></sheetData></worksheet>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdB" Type="${REL}/worksheet" Target="worksheets/other.xml"/><Relationship Id="rIdA" Type="${REL}/worksheet" Target="worksheets/data.xml"/><Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  );
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rIdA"/><sheet name="Other" sheetId="2" r:id="rIdB"/></sheets></workbook>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A zip of deflated entries, each declaring `size` bytes unpacked (the truth unless a test says otherwise). */
function zipOf(entries: { name: string; data: Buffer; size?: number }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data, size = data.length } of entries) {
    const packed = zlib.deflateRawSync(data, { level: 1 });
    const crc = zlib.crc32(data);
    const fileName = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip whose one worksheet unpacks to `megabytes` MB of spaces, stated truthfully in its directory. */
export const zipBomb = (megabytes: number) =>
  zipOf([
    { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(megabytes * 1024 * 1024, 32) },
  ]);

/**
 * A zip whose worksheet declares 1 KB in the central directory but unpacks to 8 MB: the declared sizes are checked
 * before inflating, so this one must be stopped while inflating.
 */
export const lyingZip = () =>
  zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(8 * 1024 * 1024, 32), size: 1024 }]);

/** The first bytes of an OLE compound file, as Excel saves a workbook with a password to open it. */
export const passwordProtectedXlsx = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
