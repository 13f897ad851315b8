import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { FILE_KEY_PATTERN } from '@portal/shared';
import type { FileStore } from './index.js';

/** The embedded default: DATA_DIR/files, one file per key, written atomically (temp file then rename). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local' as const;

  constructor(private readonly dir: string) {}

  private pathOf(key: string): string {
    if (!FILE_KEY_PATTERN.test(key)) throw new Error(`Invalid file key: ${key}`);
    return path.join(this.dir, key);
  }

  async put(key: string, data: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fsp.mkdir(this.dir, { recursive: true });
    const temp = path.join(this.dir, `.${crypto.randomBytes(6).toString('hex')}.part`);
    try {
      await fsp.writeFile(temp, data, { flag: 'wx' });
      await fsp.rename(temp, target);
    } catch (err) {
      // A full disk leaves no half-written file behind.
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Readable | null> {
    const target = this.pathOf(key);
    try {
      await fsp.access(target, fs.constants.R_OK);
    } catch {
      return null;
    }
    return fs.createReadStream(target);
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }
}
