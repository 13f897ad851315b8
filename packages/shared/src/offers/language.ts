/**
 * Which of the portal's languages a text is written in, so that translating an offer (or a chat message) into its
 * own language leaves it as written. Arabic is told by its script; French and English by their
 * most frequent words, which legal sentences are full of ("the", "of", "shall" / "le", "des", "doit"). A text too
 * short to tell (a number, a name) gives null: the caller falls back on the language of the whole document.
 */
import type { Language } from '../constants.js';

const FRENCH = new Set(
  (
    'le la les un une des du de et est sont pour dans sur aux au ne pas par avec qui que ou en doit doivent ' +
    'peut peuvent sauf selon cette ces leur leurs être été étrangers étrangère étrangères entreprises nationale ' +
    'sous réserve services autorisation conformément présente lorsque ainsi également'
  ).split(' '),
);
const ENGLISH = new Set(
  (
    'the and of to for in is are with on by be not shall must may a an or as at from that this which except ' +
    'foreign than their been subject services authorization accordance present when also only other such'
  ).split(' '),
);
/** Elided articles and letters English does not write: French. */
const FRENCH_MARKS = /\b(?:l|d|qu|n|s)['’]\p{L}|[éèêàçùûôîœ]/giu;

/** Tags and entities removed: the words a reader sees. */
function visibleText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .trim();
}

/** The language a text is written in, or null when it cannot be told. */
export function detectLanguage(text: string): Language | null {
  const plain = visibleText(text);
  const letters = plain.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return null;
  const arabic = plain.match(/\p{Script=Arabic}/gu)?.length ?? 0;
  if (arabic * 2 > letters) return 'ar';
  let fr = (plain.match(FRENCH_MARKS)?.length ?? 0) / 2;
  let en = 0;
  for (const word of plain.toLocaleLowerCase('fr').match(/\p{L}+/gu) ?? []) {
    // Words both languages write ("services", "présente" / "present") count for each: only the difference tells.
    if (FRENCH.has(word)) fr++;
    if (ENGLISH.has(word)) en++;
  }
  if (Math.max(fr, en) < 1 || fr === en) return null;
  return fr > en ? 'fr' : 'en';
}
