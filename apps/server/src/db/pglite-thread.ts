// The embedded database run in a worker thread, behind the two calls drizzle's PGlite session makes:
// `query(sql, params, { rowMode, parsers })` and `transaction(async (tx) => …)`. PGlite is PostgreSQL compiled to
// WebAssembly: on the request loop each query's work blocked every other request (a GATS import froze the portal for
// seconds); in its own thread it runs beside the loop, on another core.
import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import type { WorkerError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-messages.js';

/** The file the thread runs: the TypeScript source in development and tests, the compiled bundle beside main.js. */
const WORKER_URL = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/** A database error from the thread, with the driver's fields the app reads (code, table, constraint, detail…). */
export class DatabaseError extends Error {
  [field: string]: unknown;
}

function revive(error: WorkerError): Error {
  const e = new DatabaseError(error.message);
  Object.assign(e, error.fields);
  if (error.stack) e.stack = error.stack;
  return e;
}

type Request = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** The queries of one transaction, sent straight to the thread while the transaction holds it. */
class ThreadTransaction {
  closed = false;
  constructor(private readonly thread: PgliteThread) {}

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (this.closed) return Promise.reject(new Error('Transaction is closed'));
    return runQuery((request) => this.thread.send(request), sql, params, options);
  }
}

/**
 * drizzle's parsers keep dates, timestamps and intervals as PostgreSQL's text. Functions cannot cross to the thread:
 * the request names their types and the thread keeps those as text too. Any other parser (a drizzle upgrade) fails
 * loudly rather than answering other values than PGlite would.
 */
function textTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([oid, parse]) => {
    if (parse('1', Number(oid)) !== '1') throw new Error(`PGLITE_WORKER: a parser of type ${oid} changes values`);
    return Number(oid);
  });
}

/**
 * json and jsonb cross as text and are parsed here, as PGlite parses them (JSON.parse): a string is copied between
 * threads far more cheaply than the objects it holds (a 50-sector offer), and the thread, the one PGlite runs on, is
 * spared the parse.
 */
const JSON_TYPES = [114, 3802];

/** Runs one query through `send` (outside or inside a transaction) and answers as PGlite would. */
async function runQuery<T>(
  send: (request: Request) => Promise<unknown>,
  sql: string,
  params: unknown[] = [],
  options?: QueryOptions,
): Promise<Results<T>> {
  const keepText = textTypesOf(options?.parsers);
  const parseHere = JSON_TYPES.filter((oid) => !keepText.includes(oid));
  const rowMode = options?.rowMode ?? 'object';
  const result = (await send({
    op: 'query',
    sql,
    params,
    rowMode,
    textTypes: [...keepText, ...parseHere],
  })) as Results<T>;
  const columns = result.fields.flatMap(({ name, dataTypeID }, index) =>
    parseHere.includes(dataTypeID) ? [{ index, name }] : [],
  );
  if (columns.length === 0) return result;
  for (const row of result.rows as unknown[]) {
    if (Array.isArray(row)) {
      for (const { index } of columns) if (row[index] !== null) row[index] = JSON.parse(row[index] as string);
    } else {
      const values = row as Record<string, unknown>;
      for (const { name } of columns) {
        if (typeof values[name] === 'string') values[name] = JSON.parse(values[name]);
      }
    }
  }
  return result;
}

/**
 * One embedded database in its own thread. Requests are answered in the order sent; a transaction holds the
 * database alone (PGlite is one connection): a query from outside it waits until it ends, as on PGlite itself.
 */
export class PgliteThread {
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  /** Settles when the last transaction queued so far has ended. */
  private transactionsEnd: Promise<void> = Promise.resolve();
  private transactions = 0;
  private stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => this.settle(reply));
    worker.on('error', (e) => this.stop(e));
    worker.on('exit', (code) => this.stop(new Error(`the database thread stopped (exit code ${code})`)));
    // An idle database keeps the process alive no more than PGlite on the main thread did; a query waiting for its
    // answer does (see send).
    worker.unref();
  }

  /** Starts the thread and opens the database in it. */
  static async open(start: WorkerStart): Promise<PgliteThread> {
    const worker = new Worker(WORKER_URL, {
      workerData: start,
      transferList: start.loadDataDir ? [start.loadDataDir] : [],
    });
    const thread = new PgliteThread(worker);
    // The thread answers id 0 once the database is open.
    await thread.answerTo(0).catch(async (e: Error) => {
      await worker.terminate();
      throw e;
    });
    return thread;
  }

  private answerTo(id: number): Promise<unknown> {
    if (this.stopped) return Promise.reject(this.stopped);
    // Referenced only while an answer is awaited: a script awaiting a query must not end for want of handles.
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /** Sends a request to the thread and resolves with its answer. */
  send(request: Request): Promise<unknown> {
    const id = this.nextId++;
    const answer = this.answerTo(id);
    if (!this.stopped) this.worker.postMessage({ ...request, id });
    return answer;
  }

  private settle(reply: WorkerReply) {
    const waiting = this.pending.get(reply.id);
    if (!waiting) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(revive(reply.error));
  }

  private stop(e: Error) {
    this.stopped ??= e;
    for (const waiting of this.pending.values()) waiting.reject(e);
    this.pending.clear();
  }

  /**
   * Sends a request from outside any transaction: while one is open or queued, once it has ended. (The thread answers
   * in order, so a request sent into an open transaction would wait behind it and the transaction behind the request.)
   */
  private sendOutside(request: Request): Promise<unknown> {
    if (this.transactions === 0) return this.send(request);
    return this.transactionsEnd.then(() => this.send(request));
  }

  /** A query outside any transaction; while one is open or queued, it waits for its end. */
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return runQuery((request) => this.sendOutside(request), sql, params, options);
  }

  /** Runs `work` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const before = this.transactionsEnd;
    let end!: () => void;
    this.transactionsEnd = new Promise((resolve) => (end = resolve));
    this.transactions++;
    try {
      await before;
      await this.send({ op: 'begin' });
      const tx = new ThreadTransaction(this);
      let result: T;
      try {
        result = await work(tx);
      } catch (e) {
        tx.closed = true;
        await this.send({ op: 'rollback' }).catch(() => {});
        throw e;
      }
      tx.closed = true;
      await this.send({ op: 'commit' });
      return result;
    } finally {
      this.transactions--;
      end();
    }
  }

  /** The data folder as a tarball (tests take a migrated snapshot this way). */
  async dumpDataDir(compression: 'none' | 'gzip' | 'auto' = 'auto'): Promise<Blob> {
    return new Blob([(await this.sendOutside({ op: 'dump', compression })) as ArrayBuffer]);
  }

  /** Closes the database once the transactions under way have ended, and ends the thread. */
  async close(): Promise<void> {
    await this.sendOutside({ op: 'close' });
    this.stop(new Error('the database is closed'));
    await this.worker.terminate();
  }

  /** The handle drizzle's PGlite driver takes: it calls only `query` and `transaction`. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}
