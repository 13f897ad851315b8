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
  /** Several texts at once, answered in the same order (a remote service gets them in batches). */
  translateMany(texts: string[], target: GlossaryLanguage): Promise<TranslationResult[]>;
  /** True when each text is a call to an outside service (callers cap how many texts one request may send). */
  readonly remote?: boolean;
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
      this.patterns.push({
        regex: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegex(term)}(?![\\p{L}\\p{N}])`, 'giu'),
        entryIndex,
      });
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

  async translateMany(texts: string[], target: GlossaryLanguage): Promise<TranslationResult[]> {
    return Promise.all(texts.map((text) => this.translate(text, target)));
  }
}

/** After a failed call, how long the service is left alone (texts meanwhile go to the glossary at once). */
const RETRY_AFTER_MS = 30_000;
/** Texts per call to the service, and how long one translateMany may spend on it before the glossary takes over. */
const BATCH_SIZE = 50;
const MANY_DEADLINE_MS = 60_000;

/**
 * LibreTranslate (self-hosted), when TRANSLATE_URL is set; falls back to the glossary if it is unreachable. One
 * failure rests the service for 30 s, so an offer of 2,000 texts against a dead service costs one timeout, not 2,000.
 */
export class LibreTranslator implements Translator {
  readonly remote = true;
  private readonly fallback = new GlossaryTranslator();
  private restingUntil = 0;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async translate(text: string, target: GlossaryLanguage): Promise<TranslationResult> {
    return (await this.translateMany([text], target))[0];
  }

  /** In batches of 50 (LibreTranslate takes an array `q`); what a failure or the 60 s deadline leaves goes to the glossary. */
  async translateMany(texts: string[], target: GlossaryLanguage): Promise<TranslationResult[]> {
    const deadline = Date.now() + MANY_DEADLINE_MS;
    const results: TranslationResult[] = [];
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const batch = texts.slice(i, i + BATCH_SIZE);
      const remote =
        Date.now() < this.restingUntil || Date.now() >= deadline ? null : await this.call(batch, target, deadline);
      results.push(...(remote ?? (await this.fallback.translateMany(batch, target))));
    }
    return results;
  }

  private async call(batch: string[], target: GlossaryLanguage, deadline: number): Promise<TranslationResult[] | null> {
    try {
      const res = await fetch(new URL('/translate', this.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ q: batch.length === 1 ? batch[0] : batch, source: 'auto', target, format: 'text' }),
        signal: AbortSignal.timeout(Math.max(1, Math.min(10_000, deadline - Date.now()))),
      });
      if (!res.ok) throw new Error(`LibreTranslate answered ${res.status}`);
      const body = (await res.json()) as { translatedText?: unknown };
      const out = batch.length === 1 ? [body.translatedText] : body.translatedText;
      if (!Array.isArray(out) || out.length !== batch.length || !out.every((t) => typeof t === 'string')) {
        throw new Error('LibreTranslate answered without one translatedText per text');
      }
      return (out as string[]).map((text, i) => ({
        text,
        translated: text !== batch[i],
        provider: 'libretranslate' as const,
      }));
    } catch (err) {
      this.restingUntil = Date.now() + RETRY_AFTER_MS;
      this.log.warn({ err, retryInSeconds: RETRY_AFTER_MS / 1000 }, 'machine translation failed; using the glossary');
      return null;
    }
  }
}

/** The translator the configuration names: LibreTranslate when TRANSLATE_URL is set, the glossary otherwise. */
export function createTranslator(options: { translateUrl?: string; log: FastifyBaseLogger }): Translator {
  return options.translateUrl ? new LibreTranslator(options.translateUrl, options.log) : new GlossaryTranslator();
}
