/** PUT /home: the form's rules on the server, the logo given safely, every change audited as a diff. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { auditLogs } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

let t: TestApp;
let staff: { token: string; email: string };
beforeAll(async () => {
  t = await startTestApp();
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
});
afterAll(() => t.close());

const put = (body: unknown, token = staff.token) => call(t, 'PUT', '/home', { token, body });
const home = async () => (await call(t, 'GET', '/home')).body.payload;

describe('PUT /home', () => {
  it('requires authentication and refuses the roles outside the back office', async () => {
    expect((await call(t, 'PUT', '/home', { body: { regionTitle: 'X' } })).status).toBe(401);
    for (const role of ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const) {
      const other = await userWithToken(t, { role });
      expect((await put({ regionTitle: 'X' }, other.token)).status, role).toBe(403);
    }
  });

  it("refuses what the form refuses, changing nothing: a logo that is not this site's or https, bad colours, links", async () => {
    const before = await home();
    for (const body of [
      { logo: 'javascript:alert(1)' },
      { logo: 'http://cdn.example.org/logo.png' },
      { logo: '//evil.example/logo.svg' },
      { logo: 'data:image/svg+xml,<svg onload="alert(1)"/>' },
      { buttonBackColor: '#fff' },
      { linkColor: 'blue' },
      { twitterLink: 'ftp://example.org' },
      { regionTitle: '   ' },
      { regionTitle: 'x'.repeat(201) },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect(await home()).toEqual(before);
  });

  it('takes a logo on this site or at an https address, and the region title shows in GET /home', async () => {
    expect((await put({ logo: '/api/file/aws/download/logo.png' })).status).toBe(200);
    expect((await put({ logo: 'https://cdn.example.org/logo.svg', regionTitle: 'ECOWAS' })).status).toBe(200);
    expect(await home()).toMatchObject({ logo: 'https://cdn.example.org/logo.svg', regionTitle: 'ECOWAS' });
  });

  it('audits each change as what changed, before and after', async () => {
    await put({ regionTitle: 'Before title', buttonColor: '#ffffff' });
    await put({ regionTitle: 'After title', buttonColor: '#ffffff' });
    const row = only(
      await t.ctx.db
        .select()
        .from(auditLogs)
        .where(eq(auditLogs.action, 'SETTINGS_CHANGED'))
        .orderBy(desc(auditLogs.createdAt))
        .limit(1),
    );
    expect(row.logUser).toBe(staff.email);
    expect(row.value).toEqual({ regionTitle: { before: 'Before title', after: 'After title' } });
  });

  it('lets pages show https images (the logo) and nothing looser for scripts', async () => {
    const res = await fetch(`${t.api}/home`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/img-src [^;]*https:/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
  });
});
