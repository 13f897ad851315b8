import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from './client.js';
import { seedDemo } from './seed.js';
import { syncReferenceData } from '../modules/reference/service.js';

/** `npm run db:seed` adds reference data and demo accounts; `npm run db:reset` starts the embedded database anew. */
const config = loadConfig();
const reset = process.argv.includes('--reset');

if (reset) {
  if (!config.embedded) {
    console.error(
      'db:reset only resets the embedded database; it never wipes a PostgreSQL server (DATABASE_URL is set).',
    );
    process.exit(1);
  }
  for (const folder of ['pglite', 'outbox', 'files'])
    fs.rmSync(path.join(config.dataDir, folder), { recursive: true, force: true });
  console.log(`Removed the embedded database in ${config.dataDir}`);
}

const database = await openConfiguredDatabase(config);
const added = await database.exclusive(async () => {
  await syncReferenceData(database.db);
  return seedDemo(database.db);
});
console.log(`Reference data in place; ${added} demo account(s) added.`);
await database.close();
