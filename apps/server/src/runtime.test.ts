import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config.js';

const run = promisify(execFile);
const check = path.join(REPO_ROOT, 'scripts/require-node.cjs');
const { runtimeProblem } = createRequire(import.meta.url)(check) as {
  runtimeProblem: (version: string) => string | null;
};

/** A preload that makes the process report an older Node, as a server with Node 20 would. */
function olderNodePreload(version: string): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'old-node-')), 'old-node.cjs');
  const versions = `{ ...process.versions, node: ${JSON.stringify(version)} }`;
  fs.writeFileSync(file, `Object.defineProperty(process, 'versions', { value: ${versions} });\n`);
  return file;
}

/** Runs a command and returns its exit code and output, whether it succeeded or not. */
async function outcome(file: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  try {
    const { stdout, stderr } = await run(file, args, { cwd: REPO_ROOT, env, timeout: 60_000 });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the runtime the portal needs', () => {
  it('accepts Node 22.18 and newer, and names the version and the way to get it otherwise', () => {
    expect(runtimeProblem('24.11.0')).toBeNull();
    expect(runtimeProblem('v22.18.0')).toBeNull();
    expect(runtimeProblem('23.0.1')).toBeNull();
    expect(runtimeProblem('22.17.1')).toMatch(/^The portal needs Node 22\.18 or newer/);
    const sentence = runtimeProblem('20.20.0');
    expect(sentence).toMatch(/^The portal needs Node 22\.18 or newer .* this is Node 20\.20\.0: .*bash \.ci\/run.*\.$/);
    expect(sentence).not.toMatch(/\n/);
  });

  it('stops on an older Node with one line and exit code 1, before anything loads', async () => {
    const preload = olderNodePreload('20.20.0');
    const result = await outcome(process.execPath, ['--require', preload, check]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`${runtimeProblem('20.20.0')}\n`);
  });

  it('stops an npm script the same way (the GATS importer, which used to crash there)', async () => {
    const preload = olderNodePreload('20.20.0');
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const env = { ...process.env, NODE_OPTIONS: `--require ${preload}` };
    const result = await outcome(npm, ['run', '--silent', 'gats:import', '--', 'missing.xlsx'], env);
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')[0]).toBe(runtimeProblem('20.20.0'));
    // Nothing of the importer ran: no stack trace, no other line of its own.
    expect(result.stderr).not.toMatch(/\bat .*\.(ts|js):\d+/);
    expect(result.stdout).toBe('');
  });
});
