import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { syncReferenceData } from '../src/modules/reference/service.js';
import { scratchDatabase } from './scratch-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a dump of a migrated database with reference data; each test file loads its own copy. */
    pgliteSnapshot: string;
    /** PostgreSQL: a migrated template database; each test file gets its own database created from it. */
    templateDatabase: string;
  }
}

/** Migrates once for the whole run, so each test file starts from a ready database in milliseconds. */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    const template = await scratchDatabase('portal_tmpl');
    const database = await openDatabase({ url: template.url });
    await syncReferenceData(database.db);
    await database.close();
    project.provide('templateDatabase', template.name);
    project.provide('pgliteSnapshot', '');
    return () => template.drop();
  }
  // On this thread: the setup runs in vitest's own process, where a fault of a stopped database thread would end the
  // whole run (seen once: V8 "Check failed: jit_page.has_value()" as the run began), and a thread gains it nothing.
  const database = await openDatabase({ thread: false });
  await syncReferenceData(database.db);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await database.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'portal-snapshot-')), 'db.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('templateDatabase', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
