import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@portal/shared';
import { only } from '../../lib/only.js';

interface TranslationResult {
  text: string;
  /** False when the text comes back as written: the service failed, or answered with the text unchanged. */
  translated: boolean;
  /** True when the service could not be reached or answered wrongly (the text is as written). */
  failed: boolean;
}

/**
 * A machine translation service. There is no embedded one: a legal text is either translated whole by a real
 * translator or left as written (the schedule's fixed terms are translated by the callers, from the shared
 * vocabulary, and only when a whole value is the term).
 */
export interface Translator {
  /** The name shown beside a machine translation. */
  readonly name: 'libretranslate';
  translate(text: string, target: Language): Promise<TranslationResult>;
  /** Several texts at once, answered in the same order (in batches). */
  translateMany(texts: string[], target: Language): Promise<TranslationResult[]>;
}

/** After a failed call, how long the service is left alone (texts meanwhile stay as written at once). */
export const RETRY_AFTER_MS = 30_000;
/** Texts per call to the service, and how long one translateMany may spend on it. */
const BATCH_SIZE = 50;
const MANY_DEADLINE_MS = 60_000;

/**
 * LibreTranslate (self-hosted), when TRANSLATE_URL is set. One failure rests the service for 30 s, so an offer of
 * 2,000 texts against a dead service costs one timeout, not 2,000; what it could not translate stays as written.
 */
export class LibreTranslator implements Translator {
  readonly name = 'libretranslate' as const;
  private restingUntil = 0;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async translate(text: string, target: Language): Promise<TranslationResult> {
    return only(await this.translateMany([text], target));
  }

  /** In batches of 50 (LibreTranslate takes an array `q`); what a failure or the 60 s deadline leaves stays as written. */
  async translateMany(texts: string[], target: Language): Promise<TranslationResult[]> {
    const deadline = Date.now() + MANY_DEADLINE_MS;
    const results: TranslationResult[] = [];
    for (let i = 0; i < texts.length; i += BATCH_SIZE) {
      const batch = texts.slice(i, i + BATCH_SIZE);
      const remote =
        Date.now() < this.restingUntil || Date.now() >= deadline ? null : await this.call(batch, target, deadline);
      results.push(...(remote ?? batch.map((text) => ({ text, translated: false, failed: true }))));
    }
    return results;
  }

  private async call(batch: string[], target: Language, deadline: number): Promise<TranslationResult[] | null> {
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
      return (out as string[]).map((text, i) => ({ text, translated: text !== batch[i], failed: false }));
    } catch (err) {
      this.restingUntil = Date.now() + RETRY_AFTER_MS;
      this.log.warn(
        { err, retryInSeconds: RETRY_AFTER_MS / 1000 },
        'machine translation failed; texts left as written',
      );
      return null;
    }
  }
}

/** The translator the configuration names: LibreTranslate when TRANSLATE_URL is set, none otherwise. */
export function createTranslator(options: { translateUrl?: string; log: FastifyBaseLogger }): Translator | null {
  return options.translateUrl ? new LibreTranslator(options.translateUrl, options.log) : null;
}
