/**
 * Starts the real portal once for the browser journeys, compiled as in production (`npm run test:e2e` builds it first
 * and this runs apps/server/dist/main.js with plain node): a free port, a fresh data folder (new embedded database,
 * migrated and seeded), a 4-second idle timeout and a high sign-in rate limit, all by configuration.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
export const IDLE_TIMEOUT_MS = 4000;
export const IDLE_COUNTDOWN_SECONDS = 3;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The portal exited with code ${child.exitCode}; see its log.`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The portal did not answer ${url} within ${timeoutMs} ms`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(join(repoRoot, 'apps/server/dist/main.js')))
    throw new Error('The compiled server is missing: run `npm run build` first (`npm run test:e2e` does).');
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  const logPath = join(dataDir, 'server.log');
  const log = createWriteStream(logPath);
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=32', '--enable-source-maps', 'apps/server/dist/main.js'],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
        IDLE_COUNTDOWN_SECONDS: String(IDLE_COUNTDOWN_SECONDS),
        RATE_LIMIT_TOKEN_PER_MINUTE: '1000',
        // Every journey signs in from 127.0.0.1; spacing out one address's failures is covered by the API tests.
        SIGN_IN_SOURCE_FREE_FAILURES: '30',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(`${baseUrl}/api/home`, child, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message} (server log: ${logPath})`);
  }
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);

  return async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    log.end();
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
  };
}
