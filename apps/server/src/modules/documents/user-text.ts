/**
 * What users wrote, made ready for a document in its language: a whole value that is a standard phrase of schedules
 * is printed in the document's language (one glossary, `translateFixedTerm`); anything else is printed exactly as
 * written, isolated in its own direction, and — when it is written in another language than the document's — marked,
 * so that a reader of the French or Arabic document knows that this text was not translated (the legend says so).
 */
import {
  detectLanguage,
  hasRtl,
  isolateAuto,
  isolateCodes,
  stripIsolates,
  translateFixedTerm,
  type Language,
} from '@portal/shared';
import type { RichBlock, TextRun } from './rich-text.js';

/** The mark after a text left in its original language, and before the legend that explains it. */
export const UNTRANSLATED_MARK = '†';

/** A text as written again, without the marks `text` and `block` add (reading the portal's own documents back). */
export function withoutUntranslatedMarks(text: string): string {
  // The mark ends a text: before a line's end, a closing bracket, or the marks and note an entry adds (" [GATS+]", " (…)").
  return text.replace(/ \u2020(?=[)\n]|$| [[(])/g, '');
}

export interface UserTextReader {
  /** A plain text: the glossary's phrase in the document's language, else as written (marked when foreign). */
  text(value: string): string;
  /** A block of rich text: its runs kept, isolated and marked like a plain text. */
  block(block: RichBlock): { text: string; runs?: TextRun[]; heading?: number; indent?: number };
  /** How many texts were marked as left in their original language. */
  readonly untranslated: number;
}

export function userTextReader(language: Language, direction: 'ltr' | 'rtl'): UserTextReader {
  /** Isolates kept only where they matter: in a right-to-left document, or a text holding right-to-left letters. */
  const finish = (text: string) => (direction === 'ltr' && !hasRtl(text) ? stripIsolates(text) : text);
  let untranslated = 0;
  /** The mark for a text written in another language than the document's (a name or a number is in none). */
  const markOf = (value: string) => {
    const written = detectLanguage(value);
    if (written === null || written === language) return '';
    untranslated++;
    return ` ${UNTRANSLATED_MARK}`;
  };
  return {
    text(value) {
      const fixed = translateFixedTerm(value, language);
      if (fixed !== undefined) return finish(isolateCodes(fixed));
      return finish(isolateAuto(isolateCodes(value)) + markOf(value));
    },
    block(block) {
      const layout = {
        ...(block.kind === 'heading' ? { heading: block.level ?? 1 } : {}),
        ...(block.kind === 'item' ? { indent: block.level ?? 1 } : {}),
      };
      const fixed = translateFixedTerm(block.text, language);
      if (fixed !== undefined) return { text: finish(isolateCodes(fixed)), ...layout };
      const mark = markOf(block.text);
      const whole = isolateAuto(isolateCodes(block.text)) + mark;
      const text = finish(whole);
      const styled = block.runs.some((r) => Object.keys(r).length > 1);
      if (!styled) return { text, ...layout };
      // The paragraph is one isolate, opened before its first run and closed after its last; codes isolated inside.
      const runs = block.runs.map((r) => ({ ...r, text: isolateCodes(r.text) }));
      runs[0] = { ...runs[0]!, text: `\u2068${runs[0]!.text}` };
      runs[runs.length - 1]!.text += '\u2069';
      if (mark) runs.push({ text: mark });
      // Isolates kept in the runs exactly when the paragraph keeps them (finish).
      return {
        text,
        runs: text === whole ? runs : runs.map((r) => ({ ...r, text: stripIsolates(r.text) })),
        ...layout,
      };
    },
    get untranslated() {
      return untranslated;
    },
  };
}
