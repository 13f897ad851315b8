/** Text and names as the parts of an .xlsx hold them. */

/**
 * Direction controls (LRM, RLM, ALM, embeddings and overrides, isolates) and the characters XML 1.0 cannot hold
 * (C0 controls but tab and line feed, lone surrogates, U+FFFE/U+FFFF). A carriage return is dropped too: a line break
 * is a line feed in a cell.
 */
const DROPPED =
  // eslint-disable-next-line no-control-regex -- control characters are what it finds, to drop them
  /[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069\u0000-\u0008\u000b\u000c\u000d\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A cell's text without the characters it must not carry (see DROPPED). */
export const sanitizeText = (text: string) => text.replace(DROPPED, '');

/**
 * Escapes text for an element's content. `_xHHHH_` is OOXML's own escape (`_x000D_`), so a literal one is escaped
 * as `_x005F_xHHHH_` to be read back as written.
 */
export const xmlText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');

/** Escapes text for an attribute value. */
export const attr = (text: string) => xmlText(text).replace(/"/g, '&quot;');

/** 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
