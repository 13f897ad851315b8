import type { FastifyBaseLogger } from 'fastify';
import { GLOSSARY, type GlossaryLanguage } from './glossary.js';

export interface TranslationResult {
  text: string;
  /** False when nothing was translated: the text comes back as written. */
  translated: boolean;
  provider: 'glossary' | 'libretranslate';
}

/** Translates free text (chat messages) into one of the portal's languages. */
export interface Translator {
  translate(text: string, target: GlossaryLanguage): Promise<TranslationResult>;
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The embedded default: replaces the schedule terms it knows (longest first, whole words, any source language)
 * and leaves the rest as written. It never pretends: `translated` says whether any term was found.
 */
export class GlossaryTranslator implements Translator {
  private readonly patterns: { regex: RegExp; entryIndex: number }[] = [];

  constructor() {
    const terms: { term: string; entryIndex: number }[] = [];
    GLOSSARY.forEach((entry, entryIndex) => {
      for (const lang of ['en', 'fr', 'ar'] as const) terms.push({ term: entry[lang], entryIndex });
    });
    terms.sort((a, b) => b.term.length - a.term.length);
    for (const { term, entryIndex } of terms) {
      // \p{L} boundaries so that "No" does not match inside "Non" and Arabic words are whole too.
      this.patterns.push({ regex: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(term)}(?![\\p{L}\\p{N}])`, 'giu'), entryIndex });
    }
  }

  async translate(text: string, target: GlossaryLanguage): Promise<TranslationResult> {
    // Replace in two passes through placeholders so a replaced term is never translated again.
    const found: string[] = [];
    let working = text;
    for (const { regex, entryIndex } of this.patterns) {
      working = working.replace(regex, () => {
        found.push(GLOSSARY[entryIndex][target]);
        return `\u0000${found.length - 1}\u0000`;
      });
    }
    // eslint-disable-next-line no-control-regex
    const result = working.replace(/\u0000(\d+)\u0000/g, (_m, i: string) => found[Number(i)]);
    return { text: result, translated: found.length > 0 && result !== text, provider: 'glossary' };
  }
}

/** LibreTranslate (self-hosted), when TRANSLATE_URL is set; falls back to the glossary if it is unreachable. */
export class LibreTranslator implements Translator {
  private readonly fallback = new GlossaryTranslator();

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async translate(text: string, target: GlossaryLanguage): Promise<TranslationResult> {
    try {
      const res = await fetch(new URL('/translate', this.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: text, source: 'auto', target, format: 'text' }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`LibreTranslate answered ${res.status}`);
      const body = (await res.json()) as { translatedText?: string };
      if (typeof body.translatedText !== 'string') throw new Error('LibreTranslate answered without translatedText');
      return { text: body.translatedText, translated: body.translatedText !== text, provider: 'libretranslate' };
    } catch (err) {
      this.log.warn({ err }, 'machine translation failed; using the glossary');
      return this.fallback.translate(text, target);
    }
  }
}

/** The translator the configuration names: LibreTranslate when TRANSLATE_URL is set, the glossary otherwise. */
export function createTranslator(options: { translateUrl?: string; log: FastifyBaseLogger }): Translator {
  return options.translateUrl ? new LibreTranslator(options.translateUrl, options.log) : new GlossaryTranslator();
}
