/**
 * The value a test expects to be there (a row, an element, a match), or a failure that says what was missing: reads
 * `rows[0]` or `list.find(…)` as present without `!` (`expect(x).toBeDefined()` does not narrow the type).
 */
export function must<T>(value: T, what = 'a value'): NonNullable<T> {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, got ${String(value)}`);
  return value;
}
