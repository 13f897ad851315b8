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
