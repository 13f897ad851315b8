import type { Db } from './client.js';

/**
 * A statement built once per database handle and kept prepared (drizzle's `.prepare`): later calls only bind their
 * values, instead of building the SQL again (drizzle's query building was a quarter of the server's CPU under load).
 * For the hottest reads; the handle must be the database itself, never a transaction's (the statement would run
 * outside the transaction).
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
