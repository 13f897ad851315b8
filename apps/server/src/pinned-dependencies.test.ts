import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Packages that parse what outsiders send (HTML, uploads, spreadsheets, tokens, captcha answers, mail) are held at one
 * exact version (a finding of the penetration test): an update is a deliberate change read against its changelog, never
 * a caret range moving under a fresh `npm install`.
 */
const PINNED: Record<string, string[]> = {
  'apps/server/package.json': [
    'sanitize-html',
    '@fastify/multipart',
    'fflate',
    'saxes',
    'nodemailer',
    'jose',
    'altcha-lib',
  ],
  'apps/web/package.json': ['dompurify'],
};

const root = fileURLToPath(new URL('../../..', import.meta.url));
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string }> };

describe('packages that parse untrusted input are pinned', () => {
  for (const [manifest, names] of Object.entries(PINNED)) {
    const dependencies = (readJson(manifest) as { dependencies: Record<string, string> }).dependencies;
    for (const name of names) {
      it(`${name} in ${manifest} is one exact version, the one the lock installs`, () => {
        const wanted = dependencies[name];
        expect(wanted, `${name} is a dependency`).toBeDefined();
        expect(wanted).toMatch(/^\d+\.\d+\.\d+$/);
        const workspace = path.dirname(manifest);
        const installed =
          lock.packages[`${workspace}/node_modules/${name}`]?.version ?? lock.packages[`node_modules/${name}`]?.version;
        expect(installed).toBe(wanted);
      });
    }
  }
});
