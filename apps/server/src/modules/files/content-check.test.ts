import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { userWithToken } from '../../../test/factories.js';
import { SAMPLE_FILES, zip } from './samples.js';

/** Office files must be real ZIP containers with their main part; images, PDFs and videos must not carry HTML. */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await userWithToken(t)).token;
});
afterAll(() => t.close());

async function upload(name: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${t.api}/file`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as { code?: string; message: string } };
}

const refused = (name: string) => ({
  status: 415,
  body: { code: 'UNSUPPORTED_MEDIA_TYPE', message: `${name} file upload failed.` },
});

describe('upload content checks', () => {
  it('accepts genuine Office documents', async () => {
    expect((await upload('notes.docx', SAMPLE_FILES['notes.docx'])).status).toBe(200);
    expect((await upload('tariffs.xlsx', SAMPLE_FILES['tariffs.xlsx'])).status).toBe(200);
  });

  it('refuses a file that only looks like a ZIP with Office part names in it', async () => {
    const fake = Buffer.from('PK\u0003\u0004 [Content_Types].xml word/document.xml <script>alert(1)</script>');
    expect(await upload('fake.docx', fake)).toMatchObject(refused('fake.docx'));
  });

  it('refuses a ZIP without the main part of its kind', async () => {
    const noMain = zip({ '[Content_Types].xml': '<Types/>', 'word/other.xml': '<x/>' });
    expect(await upload('empty.docx', noMain)).toMatchObject(refused('empty.docx'));
    const wordAsExcel = SAMPLE_FILES['notes.docx'];
    expect(await upload('sheet.xlsx', wordAsExcel)).toMatchObject(refused('sheet.xlsx'));
  });

  it('refuses PDF, PNG, JPG and MP4 polyglots carrying HTML', async () => {
    const html = Buffer.from('<HTML><body><SCRIPT>fetch("/api/profile/current")</SCRIPT></body></HTML>');
    for (const name of ['schedule.pdf', 'flag.png', 'photo.jpg', 'briefing.mp4'] as const) {
      expect(await upload(name, Buffer.concat([SAMPLE_FILES[name], html]))).toMatchObject(refused(name));
      expect((await upload(name, SAMPLE_FILES[name])).status).toBe(200);
    }
  });
});
