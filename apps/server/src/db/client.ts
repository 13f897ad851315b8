import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { PgliteThread } from './pglite-thread.js';
import * as schema from './schema/index.js';

type Schema = typeof schema;
/** The database handle every service takes; the same on PGlite and on a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: services accept either and run their work inside it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs start-up work (reference data, demo accounts) one instance at a time: on PostgreSQL under the same
   * advisory lock as the migrations, so instances starting together on an empty database do not collide.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Key of the PostgreSQL advisory lock held while an instance migrates and seeds ('portal' in ASCII). */
const STARTUP_LOCK_KEY = 0x706f7274616c;

/** Holds a session-level advisory lock on one pooled connection while `work` runs. */
async function withStartupLock<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    try {
      return await work(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}

type DatabaseOptions =
  /** A PostgreSQL server; `prepare` false sends every statement unnamed (a pooler that cannot keep them). */
  | { url: string; prepare?: boolean }
  /**
   * An embedded database in a folder, or in memory from a dump of a data folder (tests); in its own thread unless
   * `thread` is false (PGLITE_WORKER=false), then on the calling one; `sharedBuffers`: its buffer cache
   * (PGLITE_SHARED_BUFFERS, 32MB when not given).
   */
  | PgliteOptions;

interface PgliteOptions {
  dataDir?: string;
  loadDataDir?: Blob;
  thread?: boolean;
  sharedBuffers?: string;
}

/** The database the configuration names: DATABASE_URL, or the embedded one in DATA_DIR/pglite. */
export function openConfiguredDatabase(config: {
  databaseUrl?: string;
  databasePreparedStatements: boolean;
  dataDir: string;
  pgliteWorker: boolean;
  pgliteSharedBuffers: string;
}): Promise<Database> {
  return openDatabase(
    config.databaseUrl
      ? { url: config.databaseUrl, prepare: config.databasePreparedStatements }
      : {
          dataDir: path.join(config.dataDir, 'pglite'),
          thread: config.pgliteWorker,
          sharedBuffers: config.pgliteSharedBuffers,
        },
  );
}

/**
 * PGlite's start parameters with the buffer cache given. Its own 128MB are all resident from the start (its shared
 * memory lives in the WebAssembly memory, written when it starts), 140 MiB of an idle instance's ~330: 32MB measured
 * as fast on the benchmarks, the rest of the data being read from the system's file cache
 * (docs/decisions/operations-and-performance.md). A parameter, not postgresql.conf, which PGlite's own option would
 * overwrite whole.
 */
function pgliteStartParams(sharedBuffers = '32MB'): string[] {
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/** PGlite in a worker thread, or on this one; drizzle sees the same `query` and `transaction` either way. */
async function openPglite(options: PgliteOptions) {
  const startParams = pgliteStartParams(options.sharedBuffers);
  if (options.thread === false) {
    const client = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, startParams });
    return { client, close: () => client.close() };
  }
  const thread = await PgliteThread.open({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined,
    startParams,
  });
  return { client: thread.asPglite(), close: () => thread.close() };
}

/** Most statements a connection keeps prepared: the app's own queries, far fewer; past it they are sent unnamed. */
const MAX_PREPARED = 500;

/**
 * A PostgreSQL connection that prepares each distinct parameterised statement once (named after its text) and then
 * only binds it, as postgres.js does: PostgreSQL then plans it once instead of on every call. Measured under the
 * mixed-users load, planning was more than half of the database's CPU. Statements keep their text's name on every
 * connection of the process; past MAX_PREPARED distinct texts, new ones go unnamed.
 */
export class PreparingClient extends pg.Client {
  private static readonly names = new Map<string, string>();

  static nameOf(text: string): string | undefined {
    let name = PreparingClient.names.get(text);
    if (name === undefined && PreparingClient.names.size < MAX_PREPARED) {
      name = `portal_${crypto.createHash('sha1').update(text).digest('hex')}`;
      PreparingClient.names.set(text, name);
    }
    return name;
  }

  // pg's overloads cannot be restated one by one here: every form goes through, a config object is named.
  query(...args: unknown[]): never {
    const [config, values] = args as [Partial<pg.QueryConfig> | string, unknown[] | undefined];
    if (typeof config === 'object' && config && typeof config.text === 'string' && !config.name) {
      const hasValues = (Array.isArray(values) && values.length) || config.values?.length;
      const name = hasValues ? PreparingClient.nameOf(config.text) : undefined;
      if (name) args[0] = { ...config, name };
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

/** The columns holding whole schedules (a 150-sector document is ~300 KB of JSON), compressed when stored. */
const DOCUMENT_COLUMNS = [
  ['offers', 'document'],
  ['offer_versions', 'snapshot'],
  ['response_offers', 'document'],
] as const;

/**
 * Has PostgreSQL compress the documents with lz4 rather than its default pglz, where the server is built with it:
 * measured, a save of a 50-sector offer took 4–5 ms of the database's CPU with pglz and ~1 ms with lz4, for the same
 * size on disk within a few per cent. Not a migration, since PGlite has no lz4; a catalog change only (documents
 * already stored stay as they are until rewritten), made once.
 */
async function compressDocumentsWithLz4(client: pg.PoolClient): Promise<void> {
  const { rows } = await client.query<{ lz4: boolean }>(
    "select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'",
  );
  if (!rows[0]?.lz4) return;
  for (const [table, column] of DOCUMENT_COLUMNS) {
    const current = await client.query<{ compression: string }>(
      'select attcompression as compression from pg_attribute where attrelid = $1::regclass and attname = $2',
      [table, column],
    );
    if (current.rows[0] && current.rows[0].compression !== 'l')
      await client.query(`alter table ${table} alter column ${column} set compression lz4`);
  }
}

/** Opens the database named by the configuration and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      // A database host that does not answer (no refusal, no reset) fails a request in 5 s (503), not never.
      connectionTimeoutMillis: 5_000,
      ...(options.prepare === false ? {} : { Client: PreparingClient }),
    });
    // An idle connection the server closes (restart, failover, a dropped test database) leaves the pool;
    // the next query opens a new one. Unhandled, the event would end the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await withStartupLock(pool, async (client) => {
      await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
      await compressDocumentsWithLz4(client);
    });
    return {
      db,
      kind: 'postgres',
      exclusive: (work) => withStartupLock(pool, () => work()),
      close: () => pool.end(),
    };
  }
  if (options.dataDir) fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const { client, close } = await openPglite(options);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
  // One process owns an embedded database: nothing to wait for.
  return { db, kind: 'pglite', exclusive: (work) => work(), close };
}
