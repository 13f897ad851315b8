import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATS_COLUMNS, type Role } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { xlsxRows } from '../../../test/read-back.js';
import { foreignXlsx, passwordProtectedXlsx, zipBomb } from '../../../test/xlsx-fixtures.js';
import { REFERENCE_DIR } from '../sectors/classification.js';
import { importGats } from './importer.js';
import { filterGats, filterGatsJson } from './service.js';

let t: TestApp;
let focal: string;
let chief: string;
let advisor: string;
let au: string;
let admin: string;
const demo = fs.readFileSync(path.join(REFERENCE_DIR, 'gats-demo.csv'));

beforeAll(async () => {
  t = await startTestApp();
  const tokenOf = async (role: Role) => (await userWithToken(t, { role })).token;
  [focal, chief, advisor, au, admin] = await Promise.all([
    tokenOf('SERVICE_FOCAL_POINT'),
    tokenOf('CHIEF_NEGOTIATOR'),
    tokenOf('REGIONAL_ADVISOR'),
    tokenOf('AFRICAN_UNION'),
    tokenOf('ADMIN'),
  ]);
  const report = await importGats({ db: t.ctx.db, fileName: 'gats-demo.csv', data: demo });
  expect(report).toMatchObject({ imported: true, total: 31, inserted: 31, refusedCount: 0 });
});
afterAll(() => t.close());

const upload = (token: string | undefined, name: string, data: Buffer | string, type = 'text/csv') => {
  const form = new FormData();
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name);
  return fetch(`${t.api}/gats/import`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));
};

describe('POST /gats/filter', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/gats/filter', { body: { services: [], countries: [] } })).status).toBe(401);
  });
  it('answers every role with rows in the spec columns', async () => {
    for (const token of [focal, chief, advisor, au, admin]) {
      const res = await call(t, 'POST', '/gats/filter', { token, body: { services: ['1.A.a'], countries: [] } });
      expect(res.status).toBe(200);
      expect(res.body.payload.excelData).toHaveLength(2);
      expect(Object.keys(res.body.payload.excelData[0])).toEqual(['id', ...GATS_COLUMNS]);
    }
  });
  it('filters by sector subtree, CPC code, words and member (case and accent insensitive)', async () => {
    const sector = await call(t, 'POST', '/gats/filter', { token: focal, body: { services: ['1.A'], countries: [] } });
    expect(new Set(sector.body.payload.excelData.map((r: { SectorCode: string }) => r.SectorCode))).toEqual(
      new Set(['1.A.a', '1.A.b', '1.A.d', '1.A.e', '1.A.h']),
    );
    const both = await call(t, 'POST', '/gats/filter', {
      token: focal,
      body: { services: ['1'], countries: ['illustrative member b'] },
    });
    expect(both.body.payload.excelData.map((r: { SectorCode: string }) => r.SectorCode)).toEqual([
      '1.A.a',
      '1.A.e',
      '1.F.a',
    ]);
    const cpc = await call(t, 'POST', '/gats/filter', { token: focal, body: { services: ['861'] } });
    expect(cpc.body.payload.excelData.map((r: { SectorCode: string }) => r.SectorCode)).toEqual(['1.A.a', '1.A.a']);
    const words = await call(t, 'POST', '/gats/filter', { token: focal, body: { services: ['Hôtels'] } });
    expect(words.body.payload.excelData).toHaveLength(2);
  });
  it('answers an empty list, not an error, when nothing matches; metacharacters are plain text', async () => {
    for (const body of [
      { services: ['12'], countries: [] },
      { services: [], countries: ['Nowhere'] },
      { services: ['%'], countries: ["' or 1=1 --"] },
      { services: ['.*'] },
    ]) {
      const res = await call(t, 'POST', '/gats/filter', { token: focal, body });
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.payload, JSON.stringify(body)).toEqual({ excelData: [], total: 0, truncated: false });
    }
  });
  it('answers the same rows from the stored JSON as from the columns, truncated the same way', async () => {
    for (const filter of [
      { services: [], countries: [] },
      { services: ['1'], countries: ['Illustrative Member A'] },
      { services: ['12'], countries: [] },
    ]) {
      for (const limit of [5000, 3]) {
        expect(JSON.parse(await filterGatsJson({ db: t.ctx.db, filter, limit }))).toEqual({
          payload: await filterGats({ db: t.ctx.db, filter, limit }),
        });
      }
    }
    expect(
      JSON.parse(await filterGatsJson({ db: t.ctx.db, filter: { services: [], countries: [] }, limit: 3 })).payload,
    ).toMatchObject({ total: 31, truncated: true });
  });
  it('answers the codes in classification order, 2.C.a before 11.A.b (not as text)', async () => {
    const res = await call(t, 'POST', '/gats/filter', {
      token: focal,
      body: { services: [], countries: ['Illustrative Member A'] },
    });
    const codes = res.body.payload.excelData.map((r: { SectorCode: string }) => r.SectorCode);
    expect(codes).toEqual([
      '1.A.a',
      '1.A.b',
      '1.A.d',
      '1.B.a',
      '1.B.c',
      '2.C.a',
      '7.A.a',
      '7.B.a',
      '9.A',
      '9.B',
      '11.A.b',
    ]);
    const page = await call(t, 'GET', '/gats/illustrative-member-c', { token: focal });
    expect(page.body.payload.rows.map((r: { SectorCode: string }) => r.SectorCode)).toEqual([
      '1.A.h',
      '1.C.a',
      '1.E.d',
      '2.D.a',
      '6.A',
      '7.B.i',
      '10.D',
      '11.F.b',
      '11.H.b',
    ]);
    const list = await call(t, 'GET', `/gats?member=${encodeURIComponent('Illustrative Member C')}`, { token: focal });
    expect(list.body.payload.items.map((r: { SectorCode: string }) => r.SectorCode).slice(5, 7)).toEqual([
      '7.B.i',
      '10.D',
    ]);
  });
  it('refuses a malformed body with 400', async () => {
    expect((await call(t, 'POST', '/gats/filter', { token: focal, body: { services: 'x' } })).status).toBe(400);
    expect((await call(t, 'POST', '/gats/filter', { token: focal, body: '{"services":' })).status).toBe(400);
  });
});

describe('GET /gats, /gats/members, /gats/{id}', () => {
  it('require authentication', async () => {
    for (const p of ['/gats', '/gats/members', '/gats/illustrative-member-a'])
      expect((await call(t, 'GET', p)).status).toBe(401);
  });
  it('list members with their page id and sector groups', async () => {
    const res = await call(t, 'GET', '/gats/members', { token: chief });
    expect(res.body.payload.map((m: { id: string; count: number }) => `${m.id} ${m.count}`)).toEqual([
      'illustrative-member-a 11',
      'illustrative-member-b 11',
      'illustrative-member-c 9',
    ]);
    expect(res.body.payload[0].sectors).toEqual(['1', '2', '7', '9', '11']);
  });
  it("show one member's commitments, 404 for an unknown one", async () => {
    const res = await call(t, 'GET', '/gats/illustrative-member-c', { token: advisor });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ member: 'Illustrative Member C', count: 9 });
    expect(res.body.payload.rows[0]).toMatchObject({ SectorCode: '1.A.h', MA1: 'Unbound*' });
    expect((await call(t, 'GET', '/gats/nobody', { token: advisor })).status).toBe(404);
  });
  it('browse by member, sector and words, a page at a time', async () => {
    const page = await call(t, 'GET', '/gats?size=5&page=2', { token: focal });
    expect(page.body.payload).toMatchObject({ total: 31, page: 2, size: 5 });
    expect(page.body.payload.items).toHaveLength(5);
    const bySector = await call(t, 'GET', `/gats?sector=11&member=${encodeURIComponent('Illustrative Member C')}`, {
      token: focal,
    });
    expect(bySector.body.payload.items.map((r: { SectorCode: string }) => r.SectorCode)).toEqual(['11.F.b', '11.H.b']);
    const words = await call(t, 'GET', `/gats?q=${encodeURIComponent('CABOTAGE')}`, { token: focal });
    expect(words.body.payload.total).toBe(1);
    expect((await call(t, 'GET', `/gats?q=${encodeURIComponent('%_\\')}`, { token: focal })).body.payload.total).toBe(
      0,
    );
    expect((await call(t, 'GET', '/gats?size=100000', { token: focal })).status).toBe(400);
  });
});

describe('POST /gats/export', () => {
  it('requires authentication', async () => {
    expect((await call(t, 'POST', '/gats/export', { body: {} })).status).toBe(401);
  });
  it('answers an .xlsx of the filtered rows, in the import layout', async () => {
    const res = await fetch(`${t.api}/gats/export`, {
      method: 'POST',
      headers: { authorization: `Bearer ${focal}`, 'content-type': 'application/json' },
      body: JSON.stringify({ services: ['7'], countries: [] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const { name, rows } = await xlsxRows(Buffer.from(await res.arrayBuffer()));
    expect(name).toBe('GATS commitments');
    expect(rows[0]).toEqual([...GATS_COLUMNS]);
    expect(rows).toHaveLength(1 + 4);
  });
  it('answers the workbook inside the envelope for the web app, and refuses an unknown encoding', async () => {
    const res = await call(t, 'POST', '/gats/export?encoding=base64', { token: focal, body: { services: ['7'] } });
    expect(res.body.payload).toMatchObject({ fileName: 'gats-commitments.xlsx', rows: 4 });
    expect(Buffer.from(res.body.payload.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    expect((await call(t, 'POST', '/gats/export?encoding=hex', { token: focal, body: {} })).status).toBe(400);
  });
});

describe('POST /gats/import', () => {
  it('requires authentication', async () => {
    expect((await upload(undefined, 'demo.csv', demo)).status).toBe(401);
  });
  it('refuses other roles', async () => {
    for (const token of [focal, chief, advisor]) expect((await upload(token, 'demo.csv', demo)).status).toBe(403);
  });
  it('is idempotent: the same file again changes nothing', async () => {
    const res = await upload(au, 'demo.csv', demo);
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ imported: true, total: 31, inserted: 0, unchanged: 31 });
    expect((await call(t, 'GET', '/gats?size=1', { token: focal })).body.payload.total).toBe(31);
  });
  it('imports an .xlsx and reports what it did', async () => {
    // Written as another program writes it (shared strings, a second sheet), not by our own writer.
    const data = await foreignXlsx([
      [...GATS_COLUMNS],
      [
        'Illustrative Member D',
        '1.A.a',
        '',
        'Legal services |(CPC 861)',
        'None',
        'None',
        'None',
        'Unbound',
        'None',
        'None',
        'None',
        'Unbound',
        'ILLUSTRATIVE',
      ],
    ]);
    const res = await upload(admin, 'member-d.xlsx', data, 'application/octet-stream');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ imported: true, inserted: 1 });
    const d = await call(t, 'GET', '/gats/illustrative-member-d', { token: focal });
    expect(d.body.payload.rows[0]).toMatchObject({ SectorName: 'Legal Services', MA4: 'Unbound' });
  });
  it('refuses a file with bad rows whole, listing each refusal with its row', async () => {
    const csv = `${GATS_COLUMNS.join(',')}\nMember E,1.A.a,,x,None,None,None,None,None,None,None,None,ILLUSTRATIVE\n,1.A.a,,x,,,,,,,,,S\nMember E,99.Z,,x,,,,,,,,,S\nMember E,1.B.a,,x,,,,,,,,,\n`;
    const res = await upload(au, 'bad.csv', csv);
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('IMPORT_REFUSED');
    expect(res.body.message).toBe(
      '3 row(s) refused (row 3: Member is empty; row 4: SectorCode "99.Z" is not a W/120 code; row 5: Source (document symbol) is empty). The file was not imported: nothing was changed.',
    );
    expect(res.body.payload.refused).toEqual([
      { row: 3, reason: 'Member is empty' },
      { row: 4, reason: 'SectorCode "99.Z" is not a W/120 code' },
      { row: 5, reason: 'Source (document symbol) is empty' },
    ]);
    expect(
      (await call(t, 'GET', `/gats?member=${encodeURIComponent('Member E')}`, { token: focal })).body.payload.total,
    ).toBe(0);
  });
  it('refuses wrong columns, other file types, unreadable workbooks and empty uploads with a clear message', async () => {
    const cols = await upload(au, 'cols.csv', 'Member,Sector,Text\nA,1.A.a,x\n');
    expect(cols.status).toBe(422);
    expect(cols.body.message).toMatch(
      /^Wrong columns: missing column\(s\) SectorCode, SectorName.*unknown column\(s\) Sector, Text/,
    );
    expect((await upload(au, 'x.pdf', 'hello')).body.message).toMatch(/Only .xlsx and .csv/);
    expect((await upload(au, 'broken.xlsx', 'not a zip')).body.message).toMatch(/not a readable .xlsx/);
    const bomb = await upload(au, 'bomb.xlsx', zipBomb(60), 'application/octet-stream');
    expect(bomb).toMatchObject({ status: 422, body: { code: 'IMPORT_REFUSED' } });
    expect(bomb.body.message).toMatch(/^The workbook unpacks to more than 50 MB/);
    const locked = await upload(au, 'locked.xlsx', passwordProtectedXlsx(), 'application/octet-stream');
    expect(locked).toMatchObject({ status: 422, body: { code: 'IMPORT_REFUSED' } });
    expect(locked.body.message).toMatch(/^The file is a password-protected workbook/);
    expect((await upload(au, 'empty.csv', '')).status).toBe(422);
    const noFile = await call(t, 'POST', '/gats/import', { token: au, body: {} });
    expect(noFile.status).toBe(400);
  });
  it('refuses a sheet of 100,000 rows before writing anything, and keeps answering meanwhile', async () => {
    const line = 'Member F,1.A.a,,x,None,None,None,None,None,None,None,None,S';
    const lines = [GATS_COLUMNS.join(',')];
    for (let i = 0; i < 100_000; i++) lines.push(`${line}${i}`);
    const big = upload(au, 'big.csv', lines.join('\n'));
    const ping = await call(t, 'GET', '/gats/members', { token: focal });
    expect(ping.status).toBe(200);
    const res = await big;
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/100000 data rows; at most 60000/);
    expect(
      (await call(t, 'GET', `/gats?member=${encodeURIComponent('Member F')}`, { token: focal })).body.payload.total,
    ).toBe(0);
  });
});
