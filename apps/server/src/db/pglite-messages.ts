// What the request loop and the database thread (pglite-worker.ts) say to each other. Types only: the worker is run
// by Node itself in development (type stripping), where it may import npm packages but not our .ts modules.
import type { Results } from '@electric-sql/pglite';

/** How the embedded database is opened in its thread. */
export interface WorkerStart {
  dataDir?: string;
  /** PostgreSQL's start parameters (PGlite's own, and the settings given). */
  startParams: string[];
  /** A dump of a data folder (tests), moved to the thread rather than copied. */
  loadDataDir?: ArrayBuffer;
}

/** One request to the database thread; it answers each, in the order received, with the same id. */
export type WorkerRequest = { id: number } & (
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      /** Type OIDs whose values stay as PostgreSQL's text (drizzle formats dates and intervals itself). */
      textTypes: number[];
    }
  /** Opens a transaction: the queries that follow run in it until 'commit' or 'rollback'. */
  | { op: 'begin' }
  | { op: 'commit' }
  | { op: 'rollback' }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' }
);

/** A database error as it crosses the thread boundary: its message and its own fields (code, table, constraint…). */
export interface WorkerError {
  message: string;
  stack?: string;
  fields: Record<string, unknown>;
}

/** The answer to a request (id 0: the database is open, or failed to open). */
export type WorkerReply =
  { id: number; ok: true; result?: Results<unknown> | ArrayBuffer } | { id: number; ok: false; error: WorkerError };
