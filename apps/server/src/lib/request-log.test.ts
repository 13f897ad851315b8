import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/factories.js';
import { logDestination } from './request-log.js';

let t: TestApp;
let lines = '';
beforeAll(async () => {
  const stream = new Writable({ write: (chunk, _enc, done) => ((lines += chunk.toString()), done()) });
  t = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(() => t.close());

type Line = Record<string, unknown> & { reqId?: string; msg: string; level: number };
const logged = (): Line[] =>
  lines
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line);

/** The log lines of the one request to `url` (a line's reqId ties it to its request). */
async function linesOfRequest(url: string): Promise<Line[]> {
  for (let i = 0; i < 100; i++) {
    const answered = logged().find((l) => l.url === url);
    if (answered) return logged().filter((l) => l.reqId === answered.reqId);
    await new Promise((r) => setTimeout(r, 10));
  }
  return [];
}

describe('the request log', () => {
  it('writes one info line per signed-in call: method, url, status, ms and request id, never the token', async () => {
    const user = await userWithToken(t);
    lines = '';
    expect((await call(t, 'GET', '/profile/current', { token: user.token })).status).toBe(200);
    const own = await linesOfRequest('/api/profile/current');
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      level: 30,
      msg: 'request',
      method: 'GET',
      url: '/api/profile/current',
      status: 200,
      ms: expect.any(Number),
      reqId: expect.any(String),
    });
    expect(lines).not.toContain(user.token);
    expect(lines).not.toContain('authorization');
  });

  it('logs the status of a refusal and redacts secret query values', async () => {
    lines = '';
    const res = await call(t, 'GET', '/profile/invitation?token=not-a-real-invitation-secret');
    expect(res.status).toBeGreaterThanOrEqual(400);
    const own = await linesOfRequest('/api/profile/invitation?token=[redacted]');
    expect(own.filter((l) => l.msg === 'request')).toEqual([
      expect.objectContaining({ method: 'GET', status: res.status, level: 30 }),
    ]);
    expect(lines).not.toContain('not-a-real-invitation-secret');
  });

  it('logs the web app files at debug only', async () => {
    lines = '';
    await fetch(`${t.api.replace(/\/api$/, '')}/assets/missing-file.js`);
    await fetch(`${t.api.replace(/\/api$/, '')}/favicon.ico`);
    await call(t, 'GET', '/health');
    await linesOfRequest('/api/health');
    expect(
      logged().filter((l) => String(l.url).startsWith('/assets/') || String(l.url).startsWith('/favicon')),
    ).toEqual([]);
  });
});

describe('the log as written in production (asynchronously)', () => {
  it('reaches its file without waiting for more lines', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-log-')), 'out.log');
    const app = await startTestApp({ LOG_LEVEL: 'info' }, { logStream: logDestination(file) });
    try {
      await call(app, 'GET', '/health');
      const written = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
      for (let i = 0; i < 100 && !written().includes('"url":"/api/health"'); i++) {
        await new Promise((r) => setTimeout(r, 10));
      }
      expect(written()).toContain('"url":"/api/health"');
    } finally {
      await app.close();
    }
  });
});
