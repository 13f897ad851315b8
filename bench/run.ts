// `npm run bench`: runs every benchmark in bench/ (or those named: `npm run bench -- gats`), one after the other.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.dirname(new URL(import.meta.url).pathname);
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));
if (files.length === 0) {
  console.error('no benchmark matched');
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const run = spawnSync('npx', ['tsx', path.join(dir, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
