/**
 * The one item a list is known to hold: the row of an INSERT … RETURNING of one row, of an aggregate without GROUP BY
 * (`count(*)`), the one answer of a presenter given one row. Any other length is a bug in the statement, not a case a
 * user can reach, so it throws a plain Error (a 500); a row a user may ask for and not find is `firstOr404`'s.
 */
export function only<T>(items: readonly T[]): T {
  const [item] = items;
  if (items.length !== 1 || item === undefined) throw new Error(`expected exactly one item, got ${items.length}`);
  return item;
}
