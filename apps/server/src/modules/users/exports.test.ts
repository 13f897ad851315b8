/** Users and audit logs exported as CSV and XLSX with the screens' filters. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { parseCsv } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { buildUser, userWithToken } from '../../../test/factories.js';
import { xlsxParts, xlsxRows } from '../../../test/read-back.js';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { call } from '../../../test/http.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
let secretariat: { token: string; email: string };
beforeAll(async () => {
  t = await startTestApp();
  secretariat = await userWithToken(t, { role: 'AFRICAN_UNION' });
});
afterAll(() => t.close());

async function download(path: string, token?: string) {
  const res = await fetch(`${t.api}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
const csvRows = (bytes: Buffer) => parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''));

describe('GET /users/export and GET /account-ms/logs/export', () => {
  it('require authentication and refuse the roles outside the back office', async () => {
    for (const path of ['/users/export', '/account-ms/logs/export']) {
      expect((await download(path)).status).toBe(401);
      for (const role of ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
        const other = await userWithToken(t, { role });
        expect((await download(path, other.token)).status, `${path} ${role}`).toBe(403);
      }
    }
  });

  it('export the users with the current filters as CSV, formulas kept as text', async () => {
    const tag = `export${Date.now()}`;
    const chief = await buildUser(t, { role: 'CHIEF_NEGOTIATOR', email: `${tag}.chief@example.org` });
    await buildUser(t, { role: 'SERVICE_FOCAL_POINT', email: `${tag}.focal@example.org` });
    await t.ctx.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, chief.id));

    const res = await download(`/users/export?search=${tag}&role=CHIEF_NEGOTIATOR`, secretariat.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="users-\d{4}-\d\d-\d\d\.csv"/);
    const [header, ...rows] = csvRows(res.bytes);
    expect(header).toEqual([
      'Email',
      'Title',
      'First name',
      'Last name',
      'Role',
      'Country code',
      'Country',
      'Status',
      'Created at',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      0: chief.email,
      2: `'=HYPERLINK("x")`,
      4: 'CHIEF_NEGOTIATOR',
      5: 'KE',
      7: 'ACTIVE',
    });
  });

  it('export the same users as XLSX', async () => {
    const tag = `xlsx${Date.now()}`;
    const admin = await userWithToken(t, { role: 'ADMIN' });
    await buildUser(t, { email: `${tag}.a@example.org` });
    await buildUser(t, { email: `${tag}.b@example.org`, status: 'DISABLED' });
    const res = await download(`/users/export?format=xlsx&search=${tag}&status=ACTIVE`, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const rows = (await xlsxRows(res.bytes)).rows;
    expect(rows[0]?.[0]).toBe('Email');
    expect(rows.slice(1).map((r) => r[0])).toEqual([`${tag}.a@example.org`]);
    // The header row stays in view, as before.
    expect((await xlsxParts(res.bytes))['xl/worksheets/sheet1.xml']).toMatch(/<pane ySplit="1"[^>]*state="frozen"/);
  });

  it('export the audit logs with the action and user filters, newest first, as CSV and XLSX', async () => {
    const other = await userWithToken(t);
    const csv = await download(`/account-ms/logs/export?action=LOGIN&user=${other.email}`, secretariat.token);
    expect(csv.status).toBe(200);
    const [header, ...rows] = csvRows(csv.bytes);
    expect(header?.slice(0, 4)).toEqual(['Date', 'Action', 'User', 'Target user']);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ 1: 'LOGIN', 2: other.email });
    const xlsx = await download(
      `/account-ms/logs/export?format=xlsx&action=LOGIN&user=${other.email}`,
      secretariat.token,
    );
    expect((await xlsxRows(xlsx.bytes)).rows.slice(1).map((r) => r[2])).toEqual([other.email]);
  });

  it("name each row's offer and its country in columns after the ones the export had", async () => {
    const focal = await userWithToken(t, { role: 'SERVICE_FOCAL_POINT', country: 'GH' });
    const body = buildOfferDocument(2, { name: 'Ghana services offer' });
    expect((await call(t, 'POST', '/offers', { token: focal.token, body })).status).toBe(200);
    const csv = await download(`/account-ms/logs/export?action=OFFER_CREATED&user=${focal.email}`, secretariat.token);
    const [header, ...rows] = csvRows(csv.bytes);
    expect(header).toEqual([
      'Date',
      'Action',
      'User',
      'Target user',
      'Value',
      'Client',
      'Location',
      'IP address',
      'Offer',
      'Offer country',
      'Chat room',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.slice(8)).toEqual(['Ghana services offer', 'Ghana', '']);
  });

  it('refuse an unknown format with 400, exporting nothing', async () => {
    const res = await download('/users/export?format=pdf', secretariat.token);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.bytes.toString('utf8'))).toMatchObject({ code: expect.any(String) });
  });
});
