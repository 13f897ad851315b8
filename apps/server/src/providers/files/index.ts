import type { Readable } from 'node:stream';
import { LocalFileStore } from './local.js';

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
}




/**
 * The store the configuration names. Only the local folder is implemented; an S3-compatible store is
 * the documented next step (docs/decisions.md) and is not faked here.
 */
export function createFileStore(options: { filesDir: string }): FileStore {
  return new LocalFileStore(options.filesDir);
}
