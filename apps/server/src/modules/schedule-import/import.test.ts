import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import type { ImportWarning, OfferDocument } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { SCHEDULE_COLUMNS, wordDocument, workbook } from '../../../test/schedule-files.js';

let t: TestApp;
let token: string;
const FIXTURES = path.resolve(import.meta.dirname, '../../../test/fixtures/schedules');

beforeAll(async () => {
  t = await startTestApp();
  token = (await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'KE' })).token;
});
afterAll(() => t.close());

const importFile = (name: string, data: Uint8Array) => upload(t, token, name, Buffer.from(data), '/offers/import');

type Imported = { offer: OfferDocument; warnings: ImportWarning[] };
const sectorOf = (offer: OfferDocument, key: string) => offer.sectors.find((s) => s.services[0]?.key === key)!;
const modes = (block: OfferDocument['sectors'][number]['sectorCommitement']['limitationsMA']) => [
  block.crossBorder.value,
  block.consumptionAbroad.value,
  block.commercialPresence.value,
  block.presenceOfNaturalPersons.value,
];

const ODD_TEXT = 'Only through a partnership with locally licensed lawyers & notaries <Annex B>.';

/** A schedule as WTO members print it: one table, the horizontal section first, headings, modes inside cells. */
const WTO_ROWS = [
  SCHEDULE_COLUMNS,
  ['I. HORIZONTAL COMMITMENTS'],
  ['ALL SECTORS INCLUDED IN THIS SCHEDULE', '3) Acquisition of land requires approval.', '4) Unbound', ''],
  ['II. SECTOR-SPECIFIC COMMITMENTS'],
  ['1. BUSINESS SERVICES'],
  [
    'A. Professional Services\n(a) Legal services (CPC 861)',
    `1) None\n2) None\n3) ${ODD_TEXT}\n4) Unbound except as indicated in the horizontal section`,
    '1) Néant\n2) None.\n3) None\n4) Unbound, except as indicated in the horizontal section',
    '',
  ],
  [
    '(b) Accounting, auditing and bookkeeping services (CPC 862)',
    '1) 2) 3) None\n4) Unbound*',
    '1) Unbound\n2) 3) None\n4) Unbound',
    'Recognition of foreign qualifications.',
  ],
  ['(z) Space tourism consultancy', '1) None', '1) None', ''],
  [
    'B. Computer and Related Services\n(c) Data processing services (CPC 843)',
    'None',
    'Subject to an economic needs test',
    '',
  ],
];

function checkWtoSchedule({ offer, warnings }: Imported) {
  expect(offer.sectors.map((s) => s.services.map((x) => x.key))).toEqual([
    ['W120:1.A.a'],
    ['W120:1.A.b'],
    ['W120:1.B.c'],
  ]);
  const legal = sectorOf(offer, 'W120:1.A.a');
  expect(legal.provisional_codes).toEqual(['861']);
  expect(legal.details).toEqual(['1', '1.A']);
  expect(modes(legal.sectorCommitement.limitationsMA)).toEqual([
    'None',
    'None',
    ODD_TEXT,
    'Unbound except as indicated in the horizontal section',
  ]);
  expect(modes(legal.sectorCommitement.limitationsOnNationalTreatment)).toEqual([
    'None',
    'None',
    'None',
    'Unbound except as indicated in the horizontal section',
  ]);
  const accounting = sectorOf(offer, 'W120:1.A.b');
  expect(modes(accounting.sectorCommitement.limitationsMA)).toEqual(['None', 'None', 'None', 'Unbound*']);
  expect(modes(accounting.sectorCommitement.limitationsOnNationalTreatment)).toEqual([
    'Unbound',
    'None',
    'None',
    'Unbound',
  ]);
  expect(accounting.sectorCommitement.additionalCommitment.commitment).toBe(
    '<p>Recognition of foreign qualifications.</p>',
  );
  const data = sectorOf(offer, 'W120:1.B.c');
  expect(modes(data.sectorCommitement.limitationsMA)).toEqual(['None', 'None', 'None', 'None']);
  expect(data.sectorCommitement.limitationsOnNationalTreatment.comment).toBe('Subject to an economic needs test');
  expect(offer.geenralCommitement).toHaveLength(1);
  expect(offer.geenralCommitement[0]![1]!.value).toBe('<p>3) Acquisition of land requires approval.</p>');
  expect(warnings.map((w) => [w.reason, w.row, w.column ?? null])).toEqual([
    ['SECTOR_NOT_MATCHED', 8, null],
    ['MODES_NOT_FOUND', 9, 'NT'],
  ]);
  expect(warnings[0]!.text).toBe('(z) Space tourism consultancy');
}

describe('schedules written by other programs', () => {
  it('reads a Word document written as raw XML (fflate), WTO layout', async () => {
    const res = await importFile('schedule.docx', wordDocument(['REPUBLIC OF TESTLAND'], WTO_ROWS));
    expect(res.status).toBe(200);
    checkWtoSchedule(res.body.payload);
    expect(res.body.payload.warnings[0]).toMatchObject({ table: 1 });
  });

  it('reads a workbook written with JSZip, WTO layout', async () => {
    const rows = WTO_ROWS.map((r) => (r.length === 1 ? [r[0]!, '', '', ''] : r));
    const res = await importFile('schedule.xlsx', await workbook(rows, 'Services'));
    expect(res.status).toBe(200);
    checkWtoSchedule(res.body.payload);
    expect(res.body.payload.warnings[0]).toMatchObject({ sheet: 'Services' });
  });

  it('reads a Word document saved by LibreOffice', async () => {
    const res = await importFile('wto-schedule.docx', fs.readFileSync(path.join(FIXTURES, 'wto-schedule.docx')));
    expect(res.status).toBe(200);
    const { offer, warnings } = res.body.payload as Imported;
    expect(offer.sectors.map((s) => s.services[0]!.key)).toEqual(['W120:1.A.a', 'W120:1.A.b']);
    expect(modes(sectorOf(offer, 'W120:1.A.a').sectorCommitement.limitationsMA)[2]).toBe(ODD_TEXT);
    expect(modes(sectorOf(offer, 'W120:1.A.b').sectorCommitement.limitationsMA)).toEqual([
      'None',
      'None',
      'None',
      'Unbound*',
    ]);
    expect(offer.geenralCommitement).toHaveLength(1);
    expect(warnings).toEqual([
      expect.objectContaining({ reason: 'SECTOR_NOT_MATCHED', text: '(z) Space tourism consultancy' }),
    ]);
  });

  it('reads a workbook saved by LibreOffice', async () => {
    const res = await importFile('wto-schedule.xlsx', fs.readFileSync(path.join(FIXTURES, 'wto-schedule.xlsx')));
    expect(res.status).toBe(200);
    const { offer, warnings } = res.body.payload as Imported;
    expect(warnings).toEqual([]);
    expect(offer.sectors.map((s) => s.services[0]!.key)).toEqual(['W120:1.B.a', 'W120:1.B.c']);
    const consultancy = sectorOf(offer, 'W120:1.B.a').sectorCommitement;
    expect(modes(consultancy.limitationsMA)).toEqual([
      'None',
      'None',
      'Foreign equity limited to 49 %.',
      'Unbound except as indicated in the horizontal section',
    ]);
    expect(modes(consultancy.limitationsOnNationalTreatment)).toEqual(['None', 'None', 'None', 'Unbound']);
    expect(modes(sectorOf(offer, 'W120:1.B.c').sectorCommitement.limitationsOnNationalTreatment)).toEqual([
      'None',
      'None',
      'None',
      'None',
    ]);
  });
});

describe('files that are not schedules are refused with a clear 4xx, nothing stored', () => {
  const bomb = () => zipSync({ 'word/document.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
  const manyParts = () =>
    zipSync(Object.fromEntries(Array.from({ length: 2500 }, (_, i) => [`part${i}.xml`, strToU8('x')])));
  const olePrefix = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(2048)]);

  it.each([
    ['a PDF', 'schedule.pdf', () => Buffer.from('%PDF-1.7\n'), 415, 'IMPORT_UNSUPPORTED_TYPE'],
    ['a broken .docx', 'schedule.docx', () => Buffer.from('PK\u0003\u0004 not really a zip'), 422, 'IMPORT_UNREADABLE'],
    ['a .xlsx that is text', 'schedule.xlsx', () => Buffer.from('Sector,Market access\n'), 422, 'IMPORT_UNREADABLE'],
    [
      'a zip without a Word document',
      'schedule.docx',
      () => zipSync({ 'a.txt': strToU8('hello') }),
      422,
      'IMPORT_UNREADABLE',
    ],
    ['a password-protected .docx', 'schedule.docx', () => olePrefix, 422, 'IMPORT_ENCRYPTED'],
    ['a password-protected .xlsx', 'schedule.xlsx', () => olePrefix, 422, 'IMPORT_ENCRYPTED'],
    ['a zip bomb', 'schedule.docx', bomb, 413, 'IMPORT_TOO_LARGE'],
    ['a zip of 2,500 parts', 'schedule.docx', manyParts, 413, 'IMPORT_TOO_LARGE'],
    [
      'a letter with no table',
      'letter.docx',
      () => wordDocument(['Dear colleagues,', 'Please find our offer.'], []),
      422,
      'IMPORT_NOT_A_SCHEDULE',
    ],
  ])('%s', async (_, name, make, status, code) => {
    const res = await importFile(name, make());
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('a table with other columns is refused, naming the columns it has', async () => {
    const res = await importFile(
      'staff.docx',
      wordDocument(
        [],
        [
          ['Name', 'Position', 'Country'],
          ['A. Person', 'Officer', 'Kenya'],
        ],
      ),
    );
    expect(res).toMatchObject({ status: 422, body: { code: 'IMPORT_NOT_A_SCHEDULE' } });
    expect(res.body.message).toContain('Name | Position | Country');
  });

  it('100,000 rows are refused as too large, not read to the end', async () => {
    const rows = [
      SCHEDULE_COLUMNS,
      ...Array.from({ length: 100_000 }, (_, i) => [`(a) Row ${i}`, '1) None', '1) None', '']),
    ];
    const started = Date.now();
    const res = await importFile('huge.xlsx', await workbook(rows));
    expect(res).toMatchObject({ status: 413, body: { code: 'IMPORT_TOO_LARGE' } });
    expect(res.body.message).toContain('more than 5000 rows');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a file over 10 MB is refused before it is read', async () => {
    const res = await importFile('big.docx', Buffer.alloc(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
  });

  it('nothing was stored by any of these calls', async () => {
    const list = await call(t, 'GET', '/offers', { token });
    expect(list.body.payload).toEqual([]);
  });
});
