/**
 * Direction of text in generated documents (PDF, DOCX, XLSX, plain text) — DESIGN.md section 11.
 * Arabic is right-to-left; codes and numbers are not. Unicode isolates keep "1.A.a" or "CPC 862" reading left to
 * right inside Arabic, and an Arabic phrase reading right to left inside English. The web app uses `<bdi>` and
 * `dir="auto"` instead (apps/web/src/components/Bidi.tsx); both follow the rules written here.
 */

/** LEFT-TO-RIGHT ISOLATE … POP DIRECTIONAL ISOLATE. */
export const LRI = '\u2066';
/** FIRST STRONG ISOLATE: the direction of the first strong character inside. */
const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * A code of the schedule: a W/120 or CPC code (1.A.a, 1.A.b.862, 7.B.a-f, 8611), a numbered mode ("3)"), a number
 * with its unit or a bracketed reference. Latin letters alone are not a code (a word is left to the text's direction).
 */
export const CODE_PATTERN =
  /\(?\p{N}+(?:[.:/\-–][A-Za-z\p{N}]+|,\p{N}+)*\)?%?|\b[A-Za-z]{1,3}\.[A-Za-z\p{N}]+(?:[.\-–][A-Za-z\p{N}]+)*\b/gu;

/** Wraps a left-to-right fragment (a code, a number) so that no surrounding script reorders it. */
export function isolateLtr(text: string): string {
  return text ? `${LRI}${text}${PDI}` : text;
}

/** Wraps user-written text so that it takes the direction of its own first strong character. */
export function isolateAuto(text: string): string {
  return text ? `${FSI}${text}${PDI}` : text;
}

/** Isolates every code inside a text (for generated files): "القطاع 1.A.a" keeps "1.A.a" in its order. */
export function isolateCodes(text: string): string {
  if (!text) return text;
  return text.replace(CODE_PATTERN, (code) => isolateLtr(code));
}

/** Removes the isolates added by the functions above (for comparing and searching generated text). */
export function stripIsolates(text: string): string {
  return text.replace(/[\u2066-\u2069]/g, '');
}

/** True when a text holds right-to-left letters (Arabic, Hebrew…). */
export function hasRtl(text: string): boolean {
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u.test(text);
}
