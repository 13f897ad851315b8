import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type PortalApp } from '../app.js';
import { loadConfig } from '../config.js';
import { scratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';

describe('several instances starting together on an empty PostgreSQL database', () => {
  const apps: PortalApp[] = [];
  const dirs: string[] = [];
  let scratch: ScratchDatabase | undefined;

  afterAll(async () => {
    for (const { app } of apps) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  });

  it('all come up: migrations, reference data and demo accounts run one instance at a time', async () => {
    scratch = await scratchDatabase('portal_start');
    const { url } = scratch;
    const secret = crypto.randomBytes(32).toString('hex');
    const started = await Promise.allSettled(
      [0, 1, 2].map(() => {
        const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));
        dirs.push(dataDir);
        const config = loadConfig({
          DATA_DIR: dataDir,
          DATABASE_URL: url,
          JWT_SECRET: secret,
          LOG_LEVEL: 'silent',
          SEED_DEMO: 'true',
        });
        return buildApp(config);
      }),
    );
    for (const s of started) if (s.status === 'fulfilled') apps.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up', 'up']);
    for (const { app } of apps) {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
    }
  });
});
