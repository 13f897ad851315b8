import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { openDatabase, type Database, type Db } from './client.js';

/** An embedded database from the run's migrated snapshot (a fresh one on a PostgreSQL run, which has none). */
async function embedded(thread: boolean): Promise<Database> {
  const snapshot = inject('pgliteSnapshot');
  return openDatabase(snapshot ? { loadDataDir: new Blob([fs.readFileSync(snapshot)]), thread } : { thread });
}

/** The rows a raw query answers (the shared Db type leaves them untyped). */
async function rowsOf(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Work that keeps PGlite busy for a second or two (hashing two million numbers). */
const heavyQuery = sql`select sum(length(md5(i::text)))::int as n from generate_series(1, 2000000) i`;

let inThread: Database;
let onLoop: Database;
beforeAll(async () => {
  [inThread, onLoop] = await Promise.all([embedded(true), embedded(false)]);
  for (const { db } of [inThread, onLoop]) {
    await db.execute(sql`create table probe (id int primary key, note text not null)`);
  }
});
afterAll(async () => {
  await Promise.all([inThread?.close(), onLoop?.close()]);
});

describe('PGlite in its own thread (PGLITE_WORKER, the default)', () => {
  it('starts with the buffer cache set (PGLITE_SHARED_BUFFERS), in its thread and on the loop', async () => {
    for (const { db } of [inThread, onLoop])
      expect(await rowsOf(db, sql`select current_setting('shared_buffers') as size`)).toEqual([{ size: '32MB' }]);
  });

  it('answers the same rows and types as PGlite on the request loop, in both of drizzle row modes', async () => {
    const values = sql`select '2026-01-02 03:04:05+00'::timestamptz as at, '2026-01-02 03:04:05'::timestamp as local,
      '1 day 02:00'::interval as span, '2026-01-02'::date as day, '{"a":[1,"é"]}'::jsonb as doc, 5::bigint as big,
      12.50::numeric as amount, array[1.5, 2]::numeric[] as amounts, array['2026-01-02'::date] as days,
      '\\x0102'::bytea as bytes, null::text as nothing, true as yes, 7 as whole, 'texte' as words,
      '7c4e1a5e-2b1f-4c1e-9a57-1f0e6d2b3a4c'::uuid as id, '{"b": 2}'::json as plain, array['a', 'b'] as tags,
      null::jsonb as no_doc, '"quoted"'::jsonb as quoted`;
    const fields = {
      at: sql<string>`'2026-01-02 03:04:05+00'::timestamptz`,
      span: sql<string>`'1 day'::interval`,
      doc: sql<unknown>`'{"a":1}'::jsonb`,
      days: sql<string>`array['2026-01-02'::date]`,
    };
    const [threadRaw, loopRaw] = await Promise.all([rowsOf(inThread.db, values), rowsOf(onLoop.db, values)]);
    expect(threadRaw).toEqual(loopRaw);
    expect(threadRaw[0]).toMatchObject({
      at: '2026-01-02 03:04:05+00',
      span: '1 day 02:00:00',
      doc: { a: [1, 'é'] },
    });
    const [threadRows, loopRows] = await Promise.all(
      [inThread, onLoop].map(({ db }) => db.select(fields).from(sql`(select 1) as one`)),
    );
    expect(threadRows).toEqual(loopRows);
    expect(threadRows).toEqual([{ at: '2026-01-02 03:04:05+00', span: '1 day', doc: { a: 1 }, days: '{2026-01-02}' }]);
  });

  it('passes a database refusal on with the fields the app reads (code, table, constraint)', async () => {
    const failures = await Promise.all(
      [inThread, onLoop].map(async ({ db }) => {
        await db.execute(sql`insert into probe values (1, 'first') on conflict do nothing`);
        return db
          .execute(sql`insert into probe values (1, 'again')`)
          .catch((e: Error & { cause?: unknown }) => e.cause);
      }),
    );
    for (const cause of failures) {
      expect(cause).toBeInstanceOf(Error);
      expect(cause).toMatchObject({ code: '23505', table: 'probe', constraint: 'probe_pkey' });
    }
    expect((failures[0] as Error).message).toBe((failures[1] as Error).message);
  });

  it('rolls back a transaction that throws, and a failed savepoint only for its part', async () => {
    const { db } = inThread;
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (10, 'rolled back')`);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (11, 'kept')`);
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`insert into probe values (12, 'undone')`);
          await inner.execute(sql`insert into probe values (11, 'duplicate')`);
        })
        .catch(() => {});
    });
    expect(await rowsOf(db, sql`select id, note from probe where id >= 10 order by id`)).toEqual([
      { id: 11, note: 'kept' },
    ]);
  });

  it('holds the database for an open transaction: a query from outside waits for its end, never seeing its rows', async () => {
    const { db } = inThread;
    let outside: Promise<unknown[]> | undefined;
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (20, 'uncommitted')`);
        outside = rowsOf(db, sql`select count(*)::int as n from probe where id = 20`);
        await tx.execute(sql`select 1`);
        throw new Error('abandoned');
      })
      .catch(() => {});
    expect(await outside).toEqual([{ n: 0 }]);
  });

  it('dumps its data folder, and a database loaded from the dump holds the same rows', async () => {
    await inThread.db.execute(sql`insert into probe values (30, 'dumped') on conflict do nothing`);
    const client = (inThread.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const copy = await openDatabase({ loadDataDir: await client.dumpDataDir('none') });
    try {
      expect(await rowsOf(copy.db, sql`select note from probe where id = 30`)).toEqual([{ note: 'dumped' }]);
    } finally {
      await copy.close();
    }
  });

  it('closes once the transaction under way has committed, then refuses queries', async () => {
    const database = await embedded(true);
    let finish!: () => void;
    const unfinished = new Promise<void>((resolve) => (finish = resolve));
    let begun!: () => void;
    const started = new Promise<void>((resolve) => (begun = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      begun();
      await unfinished;
      await tx.execute(sql`select 2`);
      return 'committed';
    });
    await started;
    const closed = database.close();
    finish();
    expect(await transaction).toBe('committed');
    await closed;
    const refused = await database.db.execute(sql`select 1`).catch((e: Error) => e);
    expect((refused as Error).cause).toMatchObject({ message: 'the database is closed' });
  });
});

describe('the request loop while the database works', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers a trivial request while a heavy query runs', async () => {
    const finished: string[] = [];
    const heavy = t.ctx.db.execute(heavyQuery).then(() => finished.push('heavy query'));
    const health = await fetch(`${t.api}/health`);
    finished.push('trivial request');
    await heavy;
    expect(health.status).toBe(200);
    expect(finished).toEqual(['trivial request', 'heavy query']);
  });
});
