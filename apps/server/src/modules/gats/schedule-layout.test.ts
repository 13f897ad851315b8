import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { SCHEDULE_COLUMNS, wordDocument, workbook } from '../../../test/schedule-files.js';

let t: TestApp;
let au: string;

beforeAll(async () => {
  t = await startTestApp();
  au = (await userWithToken(t, { role: 'AFRICAN_UNION' })).token;
});
afterAll(() => t.close());

const upload = (name: string, data: Uint8Array, member?: string) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const query = member === undefined ? '' : `?member=${encodeURIComponent(member)}`;
  return fetch(`${t.api}/gats/import${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${au}` },
    body: form,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));
};

const ROWS = [
  SCHEDULE_COLUMNS,
  ['ALL SECTORS INCLUDED IN THIS SCHEDULE', '3) Land may be leased, not owned.', '', ''],
  ['1. BUSINESS SERVICES'],
  [
    'A. Professional Services\n(a) Legal services (CPC 861)',
    '1) None\n2) None\n3) Only as a partnership\n4) Unbound except as indicated in the horizontal section',
    '1) 2) 3) None\n4) Unbound',
    '',
  ],
];

describe('GATS import of a schedule in the WTO four-column layout', () => {
  it('a Word schedule with its member named becomes that member’s commitments, mode texts as written', async () => {
    const res = await upload('testland.docx', wordDocument([], ROWS), 'Testland');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ imported: true, total: 1, inserted: 1 });
    const members = (await call(t, 'GET', '/gats/members', { token: au })).body.payload as {
      name?: string;
      member?: string;
    }[];
    expect(JSON.stringify(members)).toContain('Testland');
    const rows = (
      await call(t, 'POST', '/gats/filter', { token: au, body: { services: ['1.A.a'], countries: ['Testland'] } })
    ).body.payload;
    expect(JSON.stringify(rows)).toContain('Only as a partnership');
  });

  it('a workbook schedule is told apart from the 13-column sheet', async () => {
    const rows = ROWS.map((r) => (r.length === 1 ? [r[0]!, '', '', ''] : r));
    const res = await upload('otherland.xlsx', await workbook(rows), 'Otherland');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ imported: true, inserted: 1 });
  });

  it('without the member named, or with a sector that matches nothing, nothing is imported', async () => {
    const unnamed = await upload('testland.docx', wordDocument([], ROWS));
    expect(unnamed).toMatchObject({ status: 422, body: { code: 'IMPORT_REFUSED' } });
    expect(unnamed.body.message).toContain('name the member');
    const unknown = await upload(
      'z.docx',
      wordDocument([], [...ROWS, ['(z) Space tourism', '1) None', '1) None', '']]),
      'Zland',
    );
    expect(unknown).toMatchObject({ status: 422, body: { code: 'IMPORT_REFUSED' } });
    expect(unknown.body.payload.refused).toEqual([
      { row: 5, reason: 'table 1, "(z) Space tourism" matches no W/120 service' },
    ]);
    const letter = await upload('letter.docx', wordDocument(['Dear colleagues'], []), 'Zland');
    expect(letter).toMatchObject({ status: 422, body: { code: 'IMPORT_REFUSED' } });
    expect(letter.body.message).toContain('No schedule found');
  });
});
