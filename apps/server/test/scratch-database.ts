import crypto from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server on which tests and benches make their databases (TEST_DATABASE_URL, else the machine's). */
export const TEST_SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  name: string;
  url: string;
  /** Drops the database, even while connections to it remain; once only. */
  drop(): Promise<void>;
}

/**
 * A PostgreSQL database made for one test file, test or bench run — empty, or a copy of `template` — and dropped by
 * `drop`. Free of vitest, so that the benches use it too.
 */
export async function scratchDatabase(
  prefix: string,
  { serverUrl = TEST_SERVER_URL, template }: { serverUrl?: string; template?: string } = {},
): Promise<ScratchDatabase> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } catch (err) {
    await admin.end();
    throw err;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
