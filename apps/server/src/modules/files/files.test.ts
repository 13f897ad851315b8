import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { UPLOAD_MAX_BYTES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { auditLogs } from '../../db/schema/index.js';
import { EXECUTABLE, SAMPLE_FILES } from './samples.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** POST /file as the web app sends it: multipart with one field named file. */
async function download(token: string, key: string) {
  const res = await fetch(`${t.api}/file/aws/download/${encodeURIComponent(key)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('POST /file', () => {
  it('requires authentication', async () => {
    const res = await upload(t, null, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
  });

  it.each(Object.entries(SAMPLE_FILES))(
    'accepts %s and gives it back to its uploader byte for byte',
    async (name, bytes) => {
      const user = await userWithToken(t);
      const res = await upload(t, user.token, name, bytes);
      expect(res.status).toBe(200);
      const ext = name.split('.').pop();
      expect(res.body.payload).toMatchObject({ fileName: name, size: bytes.length });
      expect(res.body.payload.fileKey).toMatch(new RegExp(`^[A-Za-z0-9_-]{32}\\.${ext}$`));
      const got = await download(user.token, res.body.payload.fileKey);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${name}`);
    },
  );

  it('also answers on POST /file/', async () => {
    const user = await userWithToken(t);
    expect((await upload(t, user.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/file/')).status).toBe(200);
  });

  it('also answers on POST /filemanager-ms/aws/ (spec section 7), with the same rules and response', async () => {
    expect((await upload(t, null, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/filemanager-ms/aws/')).status).toBe(
      401,
    );
    const user = await userWithToken(t);
    const res = await upload(t, user.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/filemanager-ms/aws/');
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({ fileName: 'schedule.pdf', size: SAMPLE_FILES['schedule.pdf'].length });
    expect((await download(user.token, res.body.payload.fileKey)).bytes.equals(SAMPLE_FILES['schedule.pdf'])).toBe(
      true,
    );
    expect(await upload(t, user.token, 'setup.exe', EXECUTABLE, '/filemanager-ms/aws/')).toMatchObject({
      status: 415,
      body: { message: 'setup.exe file upload failed.' },
    });
  });

  it('refuses a renamed executable, a mislabelled file and an unlisted type with 415 and the spec message', async () => {
    const user = await userWithToken(t);
    for (const [name, data] of [
      ['report.pdf', EXECUTABLE],
      ['setup.exe', EXECUTABLE],
      ['flag.pdf', SAMPLE_FILES['flag.png']],
      ['notes.xlsx', SAMPLE_FILES['notes.docx']],
      ['page.html', Buffer.from('<html></html>')],
      ['empty.pdf', Buffer.alloc(0)],
    ] as const) {
      const res = await upload(t, user.token, name, data);
      expect(res, name).toMatchObject({
        status: 415,
        body: { message: `${name} file upload failed.`, code: 'UNSUPPORTED_MEDIA_TYPE' },
      });
    }
  });

  it('accepts exactly 10 MiB and refuses one byte more with 413', async () => {
    const user = await userWithToken(t);
    const pdf = Buffer.alloc(UPLOAD_MAX_BYTES, 0x20);
    pdf.write('%PDF-1.4\n');
    expect((await upload(t, user.token, 'big.pdf', pdf)).status).toBe(200);
    const tooBig = Buffer.concat([pdf, Buffer.from(' ')]);
    expect(await upload(t, user.token, 'huge.pdf', tooBig)).toMatchObject({
      status: 413,
      body: { message: 'huge.pdf file upload failed.', code: 'PAYLOAD_TOO_LARGE' },
    });
  });

  it('refuses a body that is not multipart with 400', async () => {
    const user = await userWithToken(t);
    const res = await call(t, 'POST', '/file', { token: user.token, body: { file: 'x' } });
    expect(res).toMatchObject({ status: 400, body: { code: 'VALIDATION' } });
  });

  it.each([
    [
      'truncated before the closing boundary',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut here',
    ],
    [
      'a part with a broken header',
      'multipart/form-data; boundary=XYZ',
      '--XYZ\r\nContent-Disposition form-data name file\r\n\r\nabc\r\n--XYZ--\r\n',
    ],
    [
      'no boundary at all',
      'multipart/form-data',
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc\r\n--XYZ--\r\n',
    ],
    ['only the opening boundary', 'multipart/form-data; boundary=XYZ', '--XYZ'],
  ])('refuses a malformed multipart body (%s) with 400, not 500', async (_case, contentType, body) => {
    const user = await userWithToken(t);
    const res = await call(t, 'POST', '/file', { token: user.token, body, headers: { 'content-type': contentType } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION' });
  });

  it('writes an audit row for an upload', async () => {
    const user = await userWithToken(t);
    const res = await upload(t, user.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    const rows = await t.ctx.db.select().from(auditLogs).where(eq(auditLogs.logUser, user.email));
    expect(rows.map((r) => r.action)).toContain('FILE_UPLOADED');
    expect(rows.find((r) => r.action === 'FILE_UPLOADED')?.value).toMatchObject({ fileKey: res.body.payload.fileKey });
  });
});

describe('GET /file/aws/download/{file}', () => {
  it("answers 404 for someone else's file, an unknown key and path traversal", async () => {
    const owner = await userWithToken(t);
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const staff = await userWithToken(t, { role: 'ADMIN' });
    const { body } = await upload(t, owner.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    expect((await download(other.token, body.payload.fileKey)).status).toBe(404);
    expect((await download(staff.token, body.payload.fileKey)).status).toBe(404);
    expect((await download(owner.token, 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf')).status).toBe(404);
    for (const evil of ['../../jwt-secret', '..%2F..%2Fjwt-secret', '....//etc/passwd', '%2e%2e%2fjwt-secret']) {
      const res = await fetch(`${t.api}/file/aws/download/${evil}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      // `../../jwt-secret` reaches the server as /api/file/jwt-secret, the path of DELETE /file/:fileKey: a 405.
      expect([404, 405], evil).toContain(res.status);
      expect(await res.text()).not.toContain(t.config.jwtSecret ?? 'never');
    }
  });
});

describe('DELETE /file/{fileKey}', () => {
  it('lets the uploader delete their file; others get 404', async () => {
    const owner = await userWithToken(t);
    const other = await userWithToken(t);
    const { body } = await upload(t, owner.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    const key = body.payload.fileKey;
    expect((await call(t, 'DELETE', `/file/${key}`, { token: other.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/file/${key}`, { token: owner.token })).status).toBe(200);
    expect((await download(owner.token, key)).status).toBe(404);
    expect((await call(t, 'DELETE', `/file/${key}`, { token: owner.token })).status).toBe(404);
    expect((await call(t, 'DELETE', '/file/..%2Fjwt-secret', { token: owner.token })).status).toBe(404);
  });
});
