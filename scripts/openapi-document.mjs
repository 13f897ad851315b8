// `node scripts/openapi-document.mjs <file.json>`: the OpenAPI document the compiled server serves at
// /api/docs/json (apps/server/dist, `npm run build:server` first), written to a file for Redocly's linter and the
// client generator. It builds the app on a throwaway embedded database; nothing listens.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'apps/server/dist/openapi-document.js');
const out = process.argv[2];
if (!out) {
  console.error('usage: node scripts/openapi-document.mjs <output.json>');
  process.exit(2);
}
if (!fs.existsSync(entry)) {
  console.error(`${path.relative(root, entry)} is missing: run npm run build:server first`);
  process.exit(2);
}
const run = spawnSync(process.execPath, [entry, path.resolve(out)], { stdio: 'inherit', cwd: root });
process.exit(run.status ?? 1);
