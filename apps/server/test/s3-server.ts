import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';

/** The part of the s3rver API the tests use (the package ships no types). */
interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('@20minutes/s3rver') as S3rverClass;

export interface TestS3 {
  /** The settings that point the app at this server's bucket. */
  env: Record<string, string>;
  bucket: string;
  /** Object names in the bucket, as the server stores them. */
  objectNames(): string[];
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (@20minutes/s3rver, a maintained s3rver: the S3 REST API over HTTP, with Signature V4 checked against the
 * account S3RVER/S3RVER) on a free port, with one empty bucket, storing in a temporary folder.
 */
export async function startS3Server(bucket = 'portal-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    bucket,
    objectNames() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return fs
        .readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile() && d.name.endsWith('._S3rver_object'))
        .map((d) => path.relative(root, path.join(d.parentPath, d.name)).replace(/\._S3rver_object$/, ''));
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
