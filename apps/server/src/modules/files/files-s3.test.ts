import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { MESSAGES } from '@portal/shared';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { call, upload } from '../../../test/http.js';
import { userWithToken } from '../../../test/factories.js';
import { startS3Server, type TestS3 } from '../../../test/s3-server.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { EXECUTABLE, SAMPLE_FILES } from './samples.js';

let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp({ ...s3.env, S3_PREFIX: 'portal/' });
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function download(token: string, key: string) {
  const res = await fetch(`${t.api}/file/aws/download/${encodeURIComponent(key)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('files on an S3-compatible store (S3_BUCKET set)', () => {
  it('uses the S3 store the settings name', () => {
    expect(t.ctx.files.kind).toBe('s3');
  });

  it.each(Object.entries(SAMPLE_FILES))(
    'stores %s in the bucket under the prefix and serves it back byte for byte',
    async (name, bytes) => {
      const user = await userWithToken(t);
      const res = await upload(t, user.token, name, bytes);
      expect(res.status).toBe(200);
      const key = res.body.payload.fileKey;
      expect(s3.objectNames()).toContain(`portal/${key}`);
      const got = await download(user.token, key);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(bytes)).toBe(true);
    },
  );

  it('puts nothing in the bucket for a refused file', async () => {
    const user = await userWithToken(t);
    const before = s3.objectNames().length;
    expect((await upload(t, user.token, 'report.pdf', EXECUTABLE)).status).toBe(415);
    expect(s3.objectNames()).toHaveLength(before);
  });

  it("keeps other users' files at 404 and deletes the object with the file", async () => {
    const owner = await userWithToken(t);
    const other = await userWithToken(t, { role: 'CHIEF_NEGOTIATOR', country: 'SN' });
    const { body } = await upload(t, owner.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
    const key = body.payload.fileKey;
    expect((await download(other.token, key)).status).toBe(404);
    expect((await call(t, 'DELETE', `/file/${key}`, { token: owner.token })).status).toBe(200);
    expect(s3.objectNames()).not.toContain(`portal/${key}`);
    expect((await download(owner.token, key)).status).toBe(404);
  });
});

describe('when the S3 store is wrong or down', () => {
  it('refuses to start with credentials the store refuses, naming the bucket', async () => {
    const config = loadConfig({
      ...s3.env,
      S3_SECRET_ACCESS_KEY: 'not-the-secret',
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    });
    await expect(buildApp(config, { database: undefined as never })).rejects.toThrow(
      /S3 bucket "portal-files" is not usable at http:\/\/127\.0\.0\.1:\d+: HTTP 403/,
    );
  });

  it('refuses half-given credentials, a prefix that is not a folder, and S3 settings without a bucket', () => {
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both or neither/,
    );
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_PREFIX: '../x' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: S3 settings are given but S3_BUCKET is not/,
    );
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('answers 503 with the upload message, and a clean 503 on download, while the store is unreachable', async () => {
    const own = await startS3Server('portal-down');
    const app = await startTestApp(own.env);
    try {
      const user = await userWithToken(app);
      const { body } = await upload(app, user.token, 'schedule.pdf', SAMPLE_FILES['schedule.pdf']);
      await own.close();
      const res = await upload(app, user.token, 'minutes.pdf', SAMPLE_FILES['schedule.pdf']);
      expect(res).toMatchObject({
        status: 503,
        body: { message: 'minutes.pdf file upload failed.', code: 'UNAVAILABLE' },
      });
      const got = await fetch(`${app.api}/file/aws/download/${body.payload.fileKey}`, {
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(got.status).toBe(503);
      expect(await got.json()).toEqual({ message: MESSAGES.genericError, code: 'UNAVAILABLE' });
    } finally {
      await app.close();
    }
  });
});
