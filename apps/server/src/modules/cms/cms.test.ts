import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CMS_MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { SAMPLE_FILES } from '../files/samples.js';
import { seedDemoContent } from './demo-content.js';

let t: TestApp;
type Signed = Awaited<ReturnType<typeof userWithToken>>;
let staff: Signed, focal: Signed;
beforeAll(async () => {
  t = await startTestApp();
  staff = await userWithToken(t, { role: 'AFRICAN_UNION' });
  focal = await userWithToken(t);
});
afterAll(() => t.close());

const entry = (over: object = {}) => ({
  type: 'EVENT',
  position: 0,
  eventDate: '2026-12-08',
  text: { title: 'Negotiating round', summary: '', body: '<p>Agenda</p>' },
  ...over,
});

describe('content management', () => {
  it('lets only the secretariat write', async () => {
    expect((await call(t, 'POST', '/v2/cms', { body: entry() })).status).toBe(401);
    expect((await call(t, 'POST', '/v2/cms', { token: focal.token, body: entry() })).status).toBe(403);
  });

  it('keeps a text per language, falling back to English, and sanitizes it', async () => {
    const created = await call(t, 'POST', '/v2/cms?lng=en', {
      token: staff.token,
      body: entry({ text: { title: 'Round', body: '<p>Agenda<script>alert(1)</script></p>' } }),
    });
    expect(created.status).toBe(200);
    const id = created.body.payload.id;
    expect(created.body.payload.text.body).toBe('<p>Agenda</p>');
    const fr = await call(t, 'PUT', `/v2/cms/${id}?lng=fr`, {
      token: staff.token,
      body: entry({ text: { title: 'Cycle de négociation', body: '<p>Ordre du jour</p>' } }),
    });
    expect(fr.body.payload.languages).toEqual(['en', 'fr']);
    expect((await call(t, 'GET', `/v2/cms/${id}?lng=fr`)).body.payload.text.title).toBe('Cycle de négociation');
    expect((await call(t, 'GET', `/v2/cms/${id}?lng=en`)).body.payload.text.title).toBe('Round');
    expect((await call(t, 'GET', `/v2/cms/${id}?lng=ar`)).body.payload.text.title).toBe('Round');
    expect((await call(t, 'GET', `/v2/cms/${id}?lng=de`)).status).toBe(400);
  });

  it('hides unpublished entries from the public and internal FAQs from visitors', async () => {
    const hidden = (
      await call(t, 'POST', '/v2/cms', {
        token: staff.token,
        body: entry({ published: false, text: { title: 'Draft event' } }),
      })
    ).body.payload.id;
    expect((await call(t, 'GET', `/v2/cms/${hidden}`)).status).toBe(404);
    expect((await call(t, 'GET', `/v2/cms/${hidden}`, { token: staff.token })).status).toBe(200);
    await call(t, 'POST', '/v2/cms', {
      token: staff.token,
      body: entry({ type: 'FAQ', text: { title: 'Internal question' } }),
    });
    expect((await call(t, 'GET', '/v2/cms/byType/FAQ')).status).toBe(401);
    expect((await call(t, 'GET', '/v2/cms/byType/FAQ', { token: focal.token })).body.payload).toHaveLength(1);
    const events = (await call(t, 'GET', '/v2/cms/byType/EVENT')).body.payload;
    expect(events.map((e: { text: { title: string } }) => e.text.title)).not.toContain('Draft event');
  });

  it('pages published content for the home page', async () => {
    const page = await call(t, 'GET', '/cms/?page=1&size=3');
    expect(page.body.payload).toMatchObject({ page: 1, size: 3 });
    expect(page.body.payload.items.length).toBeLessThanOrEqual(3);
  });

  it('serves an uploaded image publicly once published content uses it', async () => {
    expect(
      (await upload(t, staff.token, 'notes.docx', SAMPLE_FILES['notes.docx'], '/v2/cms/upload/event')).status,
    ).toBe(415);
    const image = await upload(t, staff.token, 'flag.png', SAMPLE_FILES['flag.png'], '/v2/cms/upload/event');
    expect(image.status).toBe(200);
    const key = image.body.payload.fileKey;
    expect((await fetch(`${t.api}/cms/image/${key}`)).status).toBe(404);
    await call(t, 'POST', '/v2/cms', { token: staff.token, body: entry({ image: key }) });
    const res = await fetch(`${t.api}/cms/image/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
  });

  it('keeps legislation texts for signed-in users, with a PDF any of them can download', async () => {
    expect((await upload(t, staff.token, 'flag.png', SAMPLE_FILES['flag.png'], '/v2/cms/upload/document')).status).toBe(
      415,
    );
    const pdf = await upload(t, staff.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/v2/cms/upload/document');
    expect(pdf.status).toBe(200);
    const document = pdf.body.payload.fileKey;
    const created = await call(t, 'POST', '/v2/cms', {
      token: staff.token,
      body: entry({ type: 'LEGISLATION', eventDate: null, document, text: { title: 'Services regulation' } }),
    });
    expect(created.body.payload).toMatchObject({ type: 'LEGISLATION', document });
    expect((await call(t, 'GET', '/v2/cms/byType/LEGISLATION')).status).toBe(401);
    const list = (await call(t, 'GET', '/v2/cms/byType/LEGISLATION', { token: focal.token })).body.payload;
    expect(list.map((e: { text: { title: string } }) => e.text.title)).toContain('Services regulation');
    expect(
      (await call(t, 'GET', '/cms/?page=1&size=50')).body.payload.items.some(
        (e: { type: string }) => e.type === 'LEGISLATION',
      ),
    ).toBe(false);
    const download = await fetch(`${t.api}/file/aws/download/${document}`, {
      headers: { authorization: `Bearer ${focal.token}` },
    });
    expect(download.status).toBe(200);
  });

  it('takes as document only a stored PDF the secretariat uploaded, refusing anything else with 400', async () => {
    const attachment = (await upload(t, focal.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'])).body.payload
      .fileKey;
    const staffImage = (await upload(t, staff.token, 'flag.png', SAMPLE_FILES['flag.png'], '/v2/cms/upload/event')).body
      .payload.fileKey;
    const legislation = (document: string) =>
      entry({ type: 'LEGISLATION', eventDate: null, document, text: { title: 'Leak' } });
    for (const document of [attachment, staffImage, 'Aa0123456789abcdefXYZ.pdf', '../../etc/passwd']) {
      const res = await call(t, 'POST', '/v2/cms', { token: staff.token, body: legislation(document) });
      expect(res.status, document).toBe(400);
      expect(res.body.message).toContain(CMS_MESSAGES.invalidDocument);
    }
    const pdf = (await upload(t, staff.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/v2/cms/upload/document'))
      .body.payload.fileKey;
    const id = (await call(t, 'POST', '/v2/cms', { token: staff.token, body: legislation(pdf) })).body.payload.id;
    const changed = await call(t, 'PUT', `/v2/cms/${id}`, { token: staff.token, body: legislation(attachment) });
    expect(changed).toMatchObject({ status: 400, body: { message: CMS_MESSAGES.invalidDocument } });
    // The chat attachment stays its uploader's alone.
    expect(
      (await fetch(`${t.api}/file/aws/download/${attachment}`, { headers: { authorization: `Bearer ${staff.token}` } }))
        .status,
    ).toBe(404);
  });

  it("takes as image only a PNG or JPG the secretariat uploaded, so a public page cannot serve anyone's attachment", async () => {
    const attachment = (await upload(t, focal.token, 'photo.png', SAMPLE_FILES['flag.png'])).body.payload.fileKey;
    const staffPdf = (
      await upload(t, staff.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf'], '/v2/cms/upload/document')
    ).body.payload.fileKey;
    for (const image of [attachment, staffPdf, 'Aa0123456789abcdefXYZ.png', '../../etc/passwd']) {
      const res = await call(t, 'POST', '/v2/cms', {
        token: staff.token,
        body: entry({ image, text: { title: 'Leak' } }),
      });
      expect(res.status, image).toBe(400);
      expect(res.body.message).toContain(CMS_MESSAGES.invalidImage);
    }
    expect((await fetch(`${t.api}/cms/image/${attachment}`)).status).toBe(404);
    const own = (await upload(t, staff.token, 'flag.png', SAMPLE_FILES['flag.png'], '/v2/cms/upload/event')).body
      .payload.fileKey;
    const id = (await call(t, 'POST', '/v2/cms', { token: staff.token, body: entry({ image: own }) })).body.payload.id;
    const changed = await call(t, 'PUT', `/v2/cms/${id}`, { token: staff.token, body: entry({ image: attachment }) });
    expect(changed).toMatchObject({ status: 400, body: { message: CMS_MESSAGES.invalidImage } });
    expect((await call(t, 'GET', `/v2/cms/${id}`, { token: staff.token })).body.payload.image).toBe(own);
  });

  it('serves a document to signed-in users only while its entry is published (the secretariat always)', async () => {
    const admin = await userWithToken(t, { role: 'ADMIN' });
    const pdf = (await upload(t, staff.token, 'draft.pdf', SAMPLE_FILES['schedule.pdf'], '/v2/cms/upload/document'))
      .body.payload.fileKey;
    const body = entry({
      type: 'LEGISLATION',
      eventDate: null,
      document: pdf,
      published: false,
      text: { title: 'Draft regulation' },
    });
    const id = (await call(t, 'POST', '/v2/cms', { token: staff.token, body })).body.payload.id;
    const download = (token: string) =>
      fetch(`${t.api}/file/aws/download/${pdf}`, { headers: { authorization: `Bearer ${token}` } });
    expect((await download(focal.token)).status).toBe(404);
    expect((await download(admin.token)).status).toBe(200);
    expect(
      (await call(t, 'PUT', `/v2/cms/${id}`, { token: staff.token, body: { ...body, published: true } })).status,
    ).toBe(200);
    expect((await download(focal.token)).status).toBe(200);
  });

  it('deletes an entry', async () => {
    const id = (await call(t, 'POST', '/v2/cms', { token: staff.token, body: entry() })).body.payload.id;
    expect((await call(t, 'DELETE', `/v2/cms/${id}`, { token: staff.token })).status).toBe(200);
    expect((await call(t, 'GET', `/v2/cms/${id}`)).status).toBe(404);
    expect((await call(t, 'DELETE', `/v2/cms/${id}`, { token: staff.token })).status).toBe(404);
  });

  it('seeds demo content in three languages once', async () => {
    expect(await seedDemoContent(t.ctx.db)).toBeGreaterThan(5);
    expect(await seedDemoContent(t.ctx.db)).toBe(0);
    const about = (await call(t, 'GET', '/v2/cms/byType/ABOUT?lng=ar')).body.payload[0];
    expect(about.languages).toEqual(['en', 'fr', 'ar']);
    expect(about.text.title).toBe('عن البوابة');
  });
});
