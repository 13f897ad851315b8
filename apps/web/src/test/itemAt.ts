/**
 * The item at `index` of a list (from the end when negative, as `Array.prototype.at`), for a test that expects it to
 * be there: a missing item fails the test with a message saying so, not a TypeError further on.
 */
export function itemAt<T>(items: ArrayLike<T>, index: number): T {
  const item = Array.from(items).at(index);
  if (item === undefined) throw new Error(`No item at ${index}: the list has ${items.length}`);
  return item;
}
