/**
 * The longest common subsequence of two sequences of strings, the measure both the word diff (word-diff.ts) and the
 * row alignment of the offer comparison (diff.ts) walk by.
 */

/**
 * The lengths of the longest common subsequences of every pair of suffixes: `at(i, j)` for `a[i…]` and `b[j…]`,
 * 0 when either suffix is empty (at or past its end).
 */
export function commonSubsequenceLengths(a: readonly string[], b: readonly string[]): (i: number, j: number) => number {
  const n = a.length;
  const m = b.length;
  const lengths = new Uint32Array(n * m);
  const at = (i: number, j: number) => (i < n && j < m ? (lengths[i * m + j] ?? 0) : 0);
  // Filled from the ends, so that the cells below and to the right are known when a cell is.
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lengths[i * m + j] = a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
  return at;
}
