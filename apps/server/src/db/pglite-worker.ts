// The embedded database's own thread: PGlite is PostgreSQL compiled to WebAssembly and runs on the thread
// that calls it, so on the request loop a heavy query or an import froze every other request. Here it runs alone and
// answers pglite-thread.ts, one request at a time in the order received. Node runs this file as it is in development
// and tests (type stripping): only erasable TypeScript, and no runtime import of our own modules.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { ParserOptions, Transaction } from '@electric-sql/pglite';
import type { WorkerError, WorkerReply, WorkerRequest, WorkerStart } from './pglite-messages.js';

const port = parentPort!;
const start = workerData as WorkerStart;

/** Parsers that keep values as text, by the list of type OIDs they apply to. */
const textParsers = new Map<string, ParserOptions>();
const keepText = (value: string) => value;
function parsersFor(oids: number[]): ParserOptions {
  const key = oids.join(',');
  let parsers = textParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(oids.map((oid) => [oid, keepText]));
    textParsers.set(key, parsers);
  }
  return parsers;
}

/** Ends a transaction's callback without an error of its own: the caller asked to roll back. */
const ROLL_BACK = Symbol('roll back');

interface OpenTransaction {
  tx?: Transaction;
  decide: (commit: boolean) => void;
  done: Promise<unknown>;
}
/** The open transaction, if any: pglite-thread.ts sends nothing else until it ends. */
let open: OpenTransaction | null = null;

function toWorkerError(e: unknown): WorkerError {
  if (!(e instanceof Error)) return { message: String(e), fields: {} };
  const fields: Record<string, unknown> = {};
  // queryOptions holds the parsers (functions, which cannot cross): the caller has them already.
  for (const [key, value] of Object.entries(e))
    if (key !== 'queryOptions' && typeof value !== 'function') fields[key] = value;
  return { message: e.message, stack: e.stack, fields };
}

let pglite: PGlite;

async function run(request: WorkerRequest): Promise<WorkerReply> {
  switch (request.op) {
    case 'query': {
      const on = open?.tx ?? pglite;
      const result = await on.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersFor(request.textTypes),
      });
      return { id: request.id, ok: true, result };
    }
    case 'begin': {
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      let decide!: (commit: boolean) => void;
      const decided = new Promise<boolean>((resolve) => (decide = resolve));
      const transaction: OpenTransaction = { decide, done: Promise.resolve() };
      transaction.done = pglite.transaction(async (tx) => {
        transaction.tx = tx;
        begun();
        if (!(await decided)) throw ROLL_BACK;
      });
      // BEGIN itself may fail (the database closed): then the transaction never starts.
      await Promise.race([started, transaction.done]);
      open = transaction;
      return { id: request.id, ok: true };
    }
    case 'commit':
    case 'rollback': {
      const transaction = open;
      open = null;
      if (!transaction) throw new Error('no transaction is open');
      transaction.decide(request.op === 'commit');
      await transaction.done.catch((e: unknown) => {
        if (e !== ROLL_BACK) throw e;
      });
      return { id: request.id, ok: true };
    }
    case 'dump': {
      const buffer = await (await pglite.dumpDataDir(request.compression)).arrayBuffer();
      return { id: request.id, ok: true, result: buffer };
    }
    case 'close':
      await pglite.close();
      return { id: request.id, ok: true };
  }
}

function answer(reply: WorkerReply) {
  try {
    port.postMessage(reply, reply.ok && reply.result instanceof ArrayBuffer ? [reply.result] : []);
  } catch (e) {
    // A value that cannot cross (none of PostgreSQL's types should): the caller gets an error, not silence.
    port.postMessage({ id: reply.id, ok: false, error: toWorkerError(e) } satisfies WorkerReply);
  }
}

let queue: Promise<void> = Promise.resolve();
port.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    try {
      answer(await run(request));
    } catch (e) {
      answer({ id: request.id, ok: false, error: toWorkerError(e) });
    }
  });
});

try {
  pglite = await PGlite.create({
    dataDir: start.dataDir,
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
    startParams: start.startParams,
  });
  answer({ id: 0, ok: true });
} catch (e) {
  answer({ id: 0, ok: false, error: toWorkerError(e) });
}
