import type { Readable } from 'node:stream';
import { LocalFileStore } from './local.js';
import { S3FileStore, type S3Settings } from './s3.js';

export { FILE_KEY_PATTERN } from '@portal/shared';

/**
 * Where file bytes live. Keys are chosen by the server (random, see modules/files) and checked against
 * FILE_KEY_PATTERN before they reach a store, so a store never sees a path.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes as a stream, or null when the key holds nothing. */
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Throws a plain message when the store cannot be used with its settings (checked once at start). */
  check?(): Promise<void>;
  close?(): void;
}

/** The store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else the local folder. */
export function createFileStore(options: { filesDir: string; s3?: S3Settings }): FileStore {
  return options.s3 ? new S3FileStore(options.s3) : new LocalFileStore(options.filesDir);
}
