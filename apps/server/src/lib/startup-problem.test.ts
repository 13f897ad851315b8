import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';
import { startupProblem } from './startup-problem.js';

/** Starts the server from its source with extra settings; answers its exit code and standard error. */
async function start(settings: Record<string, string>) {
  const env = {
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-start-')),
    PORT: '0',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  const main = path.join(REPO_ROOT, 'apps/server/src/main.ts');
  try {
    await promisify(execFile)(process.execPath, ['--import', 'tsx', main], { cwd: REPO_ROOT, env, timeout: 100_000 });
    return { code: 0, stderr: '' };
  } catch (e) {
    const failed = e as { code: number; stderr: string };
    return { code: failed.code, stderr: failed.stderr };
  }
}

describe('a server that cannot start says why in one line', { timeout: 120_000 }, () => {
  it.each([
    [{ TRUST_PROXY: 'abc' }, /^The portal cannot start: Invalid configuration: TRUST_PROXY: /],
    [
      { DATABASE_URL: 'postgres://portal:s3cret@127.0.0.1:1/portal' },
      /^The portal cannot start: the PostgreSQL database \(DATABASE_URL at 127\.0\.0\.1:1\) cannot be reached \(ECONNREFUSED\)\.$/,
    ],
    [
      { REDIS_URL: 'redis://127.0.0.1:1' },
      /^The portal cannot start: Redis \(REDIS_URL at 127\.0\.0\.1:1\) cannot be reached/,
    ],
  ])('%o', async (settings, sentence) => {
    const { code, stderr } = await start(settings);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(sentence);
    expect(stderr).not.toMatch(/\bat .*\.(ts|js):\d+|s3cret/);
  });

  it('names the service by the address in the error, and never prints a setting whole', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:6380'), { code: 'ECONNREFUSED' });
    const env = { REDIS_URL: 'rediss://user:pw@10.0.0.5:6380', DATABASE_URL: 'postgres://u:pw@10.0.0.6/db' };
    expect(startupProblem(new AggregateError([refused]), env)).toBe(
      'The portal cannot start: Redis (REDIS_URL at 10.0.0.5:6380) cannot be reached (ECONNREFUSED).',
    );
    expect(startupProblem(new Error('listen EADDRINUSE: address already in use 0.0.0.0:8080\n    at x'), {})).toBe(
      'The portal cannot start: listen EADDRINUSE: address already in use 0.0.0.0:8080.',
    );
  });

  it('accepts addresses and CIDRs as trusted proxies, nothing else', async () => {
    const { loadConfig } = await import('../config.js');
    for (const value of ['false', '2', '10.0.0.1', '10.0.0.0/8, 192.168.1.1', '::1', 'fd00::/8'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).not.toThrow();
    for (const value of ['abc', '10.0.0.0/33', '1.2.3', '10.0.0.1/8/2', 'dead::beef::1'])
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
  });
});
