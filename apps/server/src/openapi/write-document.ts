import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

/**
 * `node apps/server/dist/openapi-document.js <file>`: the OpenAPI document of the app as built (what /api/docs/json
 * serves), written to a file for the linter and the client generator. A throwaway embedded database, no demo data.
 */
async function main() {
  const out = process.argv[2];
  if (!out) throw new Error('usage: openapi-document <output.json>');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-'));
  try {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', API_DOCS: 'public' });
    const { app } = await buildApp(config);
    await app.ready();
    fs.writeFileSync(out, `${JSON.stringify(app.swagger(), null, 2)}\n`);
    await app.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
