import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from 'node:stream/consumers';
import { startS3Server, type TestS3 } from '../../../test/s3-server.js';
import { S3FileStore, type S3Settings } from './s3.js';

let s3: TestS3;
let settings: S3Settings;
beforeAll(async () => {
  s3 = await startS3Server();
  settings = {
    bucket: s3.bucket,
    endpoint: s3.env.S3_ENDPOINT,
    region: 'us-east-1',
    prefix: '',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
});
afterAll(() => s3.close());

const KEY = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.pdf';

describe('S3FileStore against an S3-compatible server', () => {
  it('puts, gets back byte for byte, and deletes an object', async () => {
    const store = new S3FileStore(settings);
    const data = Buffer.from('%PDF-1.4\nschedule of commitments — Sénégal / السنغال\n');
    await store.put(KEY, data);
    expect(s3.objectNames()).toContain(KEY);
    const stream = await store.get(KEY);
    expect(stream).not.toBeNull();
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(data)).toBe(true);
    await store.delete(KEY);
    expect(s3.objectNames()).not.toContain(KEY);
    expect(await store.get(KEY)).toBeNull();
    store.close();
  });

  it('answers null for a key that holds nothing, and deleting it is harmless', async () => {
    const store = new S3FileStore(settings);
    expect(await store.get('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png')).toBeNull();
    await expect(store.delete('BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.png')).resolves.toBeUndefined();
    store.close();
  });

  it('keeps objects under the configured prefix', async () => {
    const store = new S3FileStore({ ...settings, prefix: 'portal/files/' });
    await store.put(KEY, Buffer.from('prefixed'));
    expect(s3.objectNames()).toContain(`portal/files/${KEY}`);
    expect(await text((await store.get(KEY))!)).toBe('prefixed');
    await store.delete(KEY);
    store.close();
  });

  it('never sends a key the server did not choose', async () => {
    const store = new S3FileStore(settings);
    for (const evil of ['../secret', 'a/b.pdf', '', 'x'.repeat(65)]) {
      await expect(store.put(evil, Buffer.from('x')), evil).rejects.toThrow('Invalid file key');
      await expect(store.get(evil), evil).rejects.toThrow('Invalid file key');
    }
    expect(s3.objectNames()).toEqual([]);
    store.close();
  });

  it('check() passes on a reachable bucket and names the bucket and the reason otherwise', async () => {
    await expect(new S3FileStore(settings).check()).resolves.toBeUndefined();
    await expect(new S3FileStore({ ...settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow(
      /S3 bucket "no-such-bucket" is not usable at http:\/\/127\.0\.0\.1:\d+: HTTP 404 NoSuchBucket/,
    );
    // The server checks Signature V4: a wrong secret is refused, which proves requests are really signed.
    await expect(new S3FileStore({ ...settings, secretAccessKey: 'wrong' }).check()).rejects.toThrow(/HTTP 403/);
    await expect(
      new S3FileStore({ ...settings, secretAccessKey: 'wrong' }).put(KEY, Buffer.from('x')),
    ).rejects.toThrow();
    expect(s3.objectNames()).toEqual([]);
  });

  it('check() leaves no probe object behind', async () => {
    await new S3FileStore({ ...settings, prefix: 'portal/' }).check();
    expect(s3.objectNames()).toEqual([]);
  });
});
