/**
 * Upload quotas and clean-up (ASVS 12.1.3): a user cannot fill the store, uploads never attached do not
 * stay, and a full disk is a clear 507 that records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { storedFiles } from '../../db/schema/index.js';
import { connectLive, liveUrl } from '../../realtime/testing.js';
import { removeUnattachedFiles } from './cleanup.js';
import { SAMPLE_FILES } from './samples.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ UPLOAD_PER_MINUTE: '3', UPLOAD_DAILY_MB: '1', UNATTACHED_FILE_HOURS: '24' });
});
afterAll(() => t.close());

const pdf = SAMPLE_FILES['schedule.pdf'];
/** A PDF of about `kb` kilobytes. */
const pdfOf = (kb: number) => Buffer.concat([pdf, Buffer.alloc(kb * 1024, 0x20)]);
const filesOf = async (userId: string) =>
  (await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId))).length;

describe('upload quotas', () => {
  it('refuse a fourth file in a minute with 429 and Retry-After, store nothing, and leave other users alone', async () => {
    const me = await userWithToken(t);
    for (let i = 0; i < 3; i++) expect((await upload(t, me.token, `p${i}.pdf`, pdf)).status).toBe(200);
    const fourth = await fetch(`${t.api}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}` },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(pdf)]), 'p3.pdf');
        return form;
      })(),
    });
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toMatchObject({ code: 'UPLOAD_RATE_LIMITED' });
    expect(fourth.headers.get('retry-after')).toBe('60');
    expect(await filesOf(me.id)).toBe(3);
    const other = await userWithToken(t);
    expect((await upload(t, other.token, 'mine.pdf', pdf)).status).toBe(200);
  });

  it('refuse what would pass UPLOAD_DAILY_MB in 24 hours, and store nothing', async () => {
    const me = await userWithToken(t);
    expect((await upload(t, me.token, 'big.pdf', pdfOf(700))).status).toBe(200);
    const refused = await upload(t, me.token, 'bigger.pdf', pdfOf(400));
    expect(refused).toMatchObject({ status: 429, body: { code: 'UPLOAD_QUOTA_EXCEEDED' } });
    expect(await filesOf(me.id)).toBe(1);
    // A small file still fits.
    expect((await upload(t, me.token, 'small.pdf', pdfOf(100))).status).toBe(200);
  });
});

describe('a full disk', () => {
  it('answers 507 STORAGE_FULL with a message, records nothing and leaves no partial file', async () => {
    const me = await userWithToken(t);
    const put = t.ctx.files.put.bind(t.ctx.files);
    t.ctx.files.put = () => Promise.reject(Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }));
    try {
      const res = await upload(t, me.token, 'full.pdf', pdf);
      expect(res).toMatchObject({ status: 507, body: { code: 'STORAGE_FULL' } });
      expect(res.body.message).toMatch(/storage full/);
    } finally {
      t.ctx.files.put = put;
    }
    expect(await filesOf(me.id)).toBe(0);
  });
});

describe('uploads never attached', () => {
  it('are removed after UNATTACHED_FILE_HOURS; a file sent in a room stays', async () => {
    const alice = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR' });
    const bob = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const sent = (await upload(t, alice.token, 'sent.pdf', pdf)).body.payload.fileKey as string;
    const forgotten = (await upload(t, alice.token, 'forgotten.pdf', pdf)).body.payload.fileKey as string;
    const fresh = (await upload(t, alice.token, 'fresh.pdf', pdf)).body.payload.fileKey as string;
    const room = (
      await call(t, 'POST', '/chats/addRomes', {
        token: alice.token,
        body: {
          title: 'Files',
          profileDtos: [bob.id],
          offerDoc: null,
          countryIdSender: null,
          countryIdReceived: null,
          romeType: 'CONTACT',
        },
      })
    ).body.payload;
    const live = await connectLive(liveUrl(t.api, '/stomp-chat', `?roomId=${room.id}`), alice.token);
    await live.subscribe(`/topic/messages/${room.id}`);
    live.client.publish({
      destination: '/app/addMessage',
      body: JSON.stringify({ romes: { id: room.id }, conversation: '', file: sent, messageType: 'FILE' }),
    });
    await live.next(`/topic/messages/${room.id}`);
    await live.close();

    // A day and an hour later for the two older uploads.
    await t.ctx.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(inArray(storedFiles.key, [sent, forgotten]));
    expect(await removeUnattachedFiles(t.ctx)).toBe(1);

    const download = (token: string, key: string) =>
      fetch(`${t.api}/file/aws/download/${key}`, { headers: { authorization: `Bearer ${token}` } }).then(
        (r) => r.status,
      );
    expect(await download(alice.token, forgotten)).toBe(404);
    expect(await t.ctx.files.get(forgotten)).toBeNull();
    expect(await download(bob.token, sent)).toBe(200);
    expect(await download(alice.token, fresh)).toBe(200);
  });
});
