import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A user's first and last name, for the selects that show who wrote, sent or decided something. `user` is `users` or
 * an alias of it.
 */
export function nameColumns<T extends { firstName: AnyPgColumn; lastName: AnyPgColumn }>(
  user: T,
): Pick<T, 'firstName' | 'lastName'> {
  return { firstName: user.firstName, lastName: user.lastName };
}

/** A country's code and name, for the selects that name a country. `country` is `countries` or an alias of it. */
export function countryColumns<T extends { code: AnyPgColumn; name: AnyPgColumn }>(
  country: T,
): Pick<T, 'code' | 'name'> {
  return { code: country.code, name: country.name };
}

// The column definitions the tables share. Each call builds a new column: a builder is never shared between tables.

/** The `id` primary key of a table whose rows are named by a random UUID that the database draws. */
export function uuidPrimaryKey() {
  return uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`);
}

/** When the row was inserted, set by the database. */
export function createdAtColumn() {
  return timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
}

/** When the row was last changed; the database sets it on insert and the services on each update. */
export function updatedAtColumn() {
  return timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
}

/**
 * A required reference to the row this one belongs to (a user, an offer, a room…): deleting that row deletes this one
 * with it.
 */
export function ownerReference<TName extends string>(name: TName, owner: () => AnyPgColumn) {
  return uuid(name).notNull().references(owner, { onDelete: 'cascade' });
}
