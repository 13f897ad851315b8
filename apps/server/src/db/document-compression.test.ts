import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { openDatabase, type Database } from './client.js';
import { only } from '../lib/only.js';

// On a PostgreSQL server built with lz4 (Debian's is), the schedules are compressed with it rather than pglz: a save
// then costs the database a quarter of the CPU. PGlite has no lz4 and keeps pglz.
describe('documents compressed with lz4 on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const opened: Database[] = [];

  beforeAll(async () => {
    scratch = await scratchDatabase('portal_lz4');
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await scratch?.drop();
  });

  const compressionOf = async (database: Database) =>
    (
      (await database.db.execute(sql`
        select c.relname as "table", a.attname as "column", a.attcompression::text as compression
        from pg_attribute a join pg_class c on c.oid = a.attrelid
        where (c.relname, a.attname) in (('offers', 'document'), ('offer_versions', 'snapshot'), ('response_offers', 'document'))
        order by 1, 2`)) as unknown as { rows: { table: string; column: string; compression: string }[] }
    ).rows;

  it('sets the three document columns to lz4 at start, and a second start leaves them so', async () => {
    const first = await openDatabase({ url: scratch.url });
    opened.push(first);
    const { lz4 } = only(
      (
        (await first.db.execute(
          sql`select 'lz4' = any(enumvals) as lz4 from pg_settings where name = 'default_toast_compression'`,
        )) as unknown as { rows: { lz4: boolean }[] }
      ).rows,
    );
    const expected = lz4 ? 'l' : '';
    expect(await compressionOf(first)).toEqual([
      { table: 'offer_versions', column: 'snapshot', compression: expected },
      { table: 'offers', column: 'document', compression: expected },
      { table: 'response_offers', column: 'document', compression: expected },
    ]);
    const second = await openDatabase({ url: scratch.url });
    opened.push(second);
    expect((await compressionOf(second)).map((c) => c.compression)).toEqual([expected, expected, expected]);
  });
});
