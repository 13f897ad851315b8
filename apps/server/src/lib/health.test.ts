import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('GET /api/health answers without sign-in', async () => {
    const res = await call(t, 'GET', '/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('GET /api/ready checks the database and the file store (Redis only when configured)', async () => {
    const res = await call(t, 'GET', '/ready');
    expect(res).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', files: 'ok', redis: 'not configured' } },
    });
  });

  it('GET /api/ready answers 503 naming the part that failed', async () => {
    // The file folder replaced by a plain file: nothing can be stored any more.
    fs.rmSync(t.config.filesDir, { recursive: true, force: true });
    fs.writeFileSync(t.config.filesDir, 'not a folder');
    try {
      const res = await call(t, 'GET', '/ready');
      expect(res).toMatchObject({
        status: 503,
        body: { status: 'not ready', code: 'NOT_READY', checks: { database: 'ok', files: 'failed' } },
      });
      expect(res.body.message).toContain('files');
      expect((await call(t, 'GET', '/health')).status).toBe(200);
    } finally {
      fs.rmSync(t.config.filesDir, { force: true });
    }
  });
});
