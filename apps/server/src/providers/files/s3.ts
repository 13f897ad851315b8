import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { FILE_KEY_PATTERN } from '@portal/shared';
import type { FileStore } from './index.js';

export interface S3Settings {
  /** The service URL of an S3-compatible server (MinIO, Ceph, R2…); AWS itself when absent. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Prepended to every key, e.g. "portal/" to share a bucket. */
  prefix: string;
  /** Static credentials; the SDK's default chain (environment, instance role) when absent. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (http://host/bucket/key) rather than in the host name; what most S3-compatible servers need. */
  forcePathStyle: boolean;
}

/** True for the answers S3 gives when a key holds nothing. */
function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in one bucket of an S3-compatible store. Keys are checked against FILE_KEY_PATTERN as in the
 * local store, so an object name never carries a path the server did not choose.
 */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
      // aws-chunked uploads with trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  private objectKey(key: string): string {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`Invalid file key: ${key}`);
    return `${this.settings.prefix}${key}`;
  }

  /**
   * Writes, reads back and deletes a probe object, so that wrong settings stop the start with a plain
   * message rather than failing the first upload. Only the object rights the portal needs anyway are used
   * (no bucket listing), so a policy limited to the portal's prefix passes. Each probe has its own name: instances
   * starting together (and readiness checks) would otherwise delete one another's probe between put and get.
   */
  async check(): Promise<void> {
    const Key = `${this.settings.prefix}.portal-check-${crypto.randomBytes(6).toString('hex')}`;
    const Bucket = this.settings.bucket;
    try {
      await this.client.send(new PutObjectCommand({ Bucket, Key, Body: 'ok', ContentLength: 2 }));
      const res = await this.client.send(new GetObjectCommand({ Bucket, Key }));
      const body = await res.Body?.transformToString();
      if (body !== 'ok') throw new Error(`the probe object read back as ${JSON.stringify(body)}`);
      await this.client.send(new DeleteObjectCommand({ Bucket, Key }));
    } catch (err) {
      const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
      const reason = status ? `HTTP ${status} ${(err as Error).name}` : (err as Error).message;
      throw new Error(`S3 bucket "${Bucket}" is not usable at ${this.settings.endpoint ?? 'AWS'}: ${reason}`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.objectKey(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }),
      );
      if (!res.Body) return null;
      return res.Body instanceof Readable ? res.Body : Readable.fromWeb(res.Body.transformToWebStream() as never);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  close(): void {
    this.client.destroy();
  }
}
