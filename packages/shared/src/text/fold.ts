/**
 * Accent-insensitive search: "Aissatou" and "aissatou" find "Aïssatou", "Ahmed" finds "أحمد" written with
 * a hamza. One rule for both sides: the web app's pickers filter with `foldForSearch`, and the server folds names in
 * SQL with `translate()` through `SEARCH_FOLD_TABLE` (no `unaccent` extension, which PGlite and many hosted
 * PostgreSQL databases lack), built from the same function so the two never disagree.
 */

/** A text as search compares it: decomposed, its combining marks (accents, Arabic vowel signs) dropped, lower-cased. */
export function foldForSearch(text: string | null | undefined): string {
  if (!text) return '';
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether `text` holds `term`, both folded (an empty term matches everything). */
export function matchesSearch(text: string | null | undefined, term: string | null | undefined): boolean {
  const folded = foldForSearch(term).trim();
  return !folded || foldForSearch(text).includes(folded);
}

/** Letters whose folding is checked for the SQL table: Latin-1, Latin Extended A/B and Additional, Greek, Cyrillic, Arabic. */
const FOLDED_RANGES: [number, number][] = [
  [0x00c0, 0x024f],
  [0x0300, 0x036f],
  [0x0370, 0x04ff],
  [0x0600, 0x06ff],
  [0x1e00, 0x1fff],
];

/**
 * `translate(name, from, to)` arguments that fold a name as `foldForSearch` does (before SQL `lower()`): each letter
 * of `from` becomes the letter at the same place in `to`; the letters of `from` past the end of `to` (combining marks)
 * are dropped.
 */
export const SEARCH_FOLD_TABLE: { from: string; to: string } = (() => {
  let from = '';
  let to = '';
  let dropped = '';
  for (const [start, end] of FOLDED_RANGES) {
    for (let code = start; code <= end; code++) {
      const char = String.fromCodePoint(code);
      const folded = foldForSearch(char);
      if (folded === '') dropped += char;
      else if (folded !== char && [...folded].length === 1) {
        from += char;
        to += folded;
      }
    }
  }
  return { from: from + dropped, to };
})();
