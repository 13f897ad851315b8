import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDatabase, type ScratchDatabase } from '../../test/scratch-database.js';
import { openDatabase, type Database } from './client.js';
import { countries } from './schema/index.js';
import { only } from '../lib/only.js';

// On a PostgreSQL server each distinct parameterised statement is prepared once per connection (named after its
// text) and only bound afterwards, so that PostgreSQL plans it once; DATABASE_PREPARED_STATEMENTS=false sends them
// unnamed, for poolers that cannot keep prepared statements.
describe('statements prepared on PostgreSQL', () => {
  let scratch: ScratchDatabase;
  const opened: Database[] = [];
  const open = async (prepare?: boolean) => {
    const database = await openDatabase({ url: scratch.url, prepare });
    opened.push(database);
    return database;
  };
  /** Two countries read by id, then the statements this connection holds prepared (one connection: a transaction). */
  const readTwiceThenList = (database: Database) =>
    database.db.transaction(async (tx) => {
      const names: string[] = [];
      for (const id of [9001, 9002]) {
        names.push(only(await tx.select({ name: countries.name }).from(countries).where(eq(countries.id, id))).name);
      }
      const prepared = (await tx.execute(
        sql`select name, statement from pg_prepared_statements where statement like '%from "countries"%'`,
      )) as unknown as { rows: { name: string; statement: string }[] };
      return { names, prepared: prepared.rows };
    });

  beforeAll(async () => {
    scratch = await scratchDatabase('portal_prepared');
    const setup = await open(false);
    await setup.db.insert(countries).values([
      { id: 9001, code: 'XA', alpha3: 'XAA', name: 'Alpha', nameFr: 'Alpha', nameAr: 'ألفا' },
      { id: 9002, code: 'XB', alpha3: 'XBB', name: 'Beta', nameFr: 'Bêta', nameAr: 'بيتا' },
    ]);
  });
  afterAll(async () => {
    for (const database of opened) await database.close();
    await scratch?.drop();
  });

  it('prepares a statement once, under one name, and binds each call its own values', async () => {
    const { names, prepared } = await readTwiceThenList(await open());
    expect(names).toEqual(['Alpha', 'Beta']);
    expect(prepared).toHaveLength(1);
    expect(prepared[0]?.name).toMatch(/^portal_[0-9a-f]{40}$/);
    expect(prepared[0]?.statement).toContain('where "countries"."id" = $1');
  });

  it('prepares nothing when DATABASE_PREPARED_STATEMENTS is false', async () => {
    const { names, prepared } = await readTwiceThenList(await open(false));
    expect(names).toEqual(['Alpha', 'Beta']);
    expect(prepared).toEqual([]);
  });
});
