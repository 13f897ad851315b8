import { CHAT_MESSAGES, detectLanguage, translateFixedTerm, type Language, type Translation } from '@portal/shared';
import { AppError } from '../../errors.js';
import { RETRY_AFTER_MS, type Translator } from '../../providers/translate/index.js';

/** The machine translation service failed: 503 with Retry-After (the seconds it is rested). */
export class TranslationUnavailableError extends AppError {
  readonly retryAfterSeconds = RETRY_AFTER_MS / 1000;
  constructor() {
    super(503, CHAT_MESSAGES.translationUnavailable, 'UNAVAILABLE');
  }
}

/**
 * A chat message in another language (GET /chats/message/translate), by the rule of offers: a
 * message that IS a fixed term of the schedule comes from the shared vocabulary; a message already in the asked
 * language comes back as written; anything else is translated whole by the configured provider, or refused with
 * TRANSLATION_NOT_CONFIGURED when there is none. Never a text with a few words replaced.
 */
export async function translateMessage(
  translator: Translator | null,
  { message, language }: { message: string; language: Language },
): Promise<Translation> {
  const answer = (text: string, provider: Translation['provider'], extra: Partial<Translation> = {}): Translation => ({
    message: text,
    lang: language,
    translated: text !== message,
    provider,
    machine: false,
    sameLanguage: false,
    ...extra,
  });
  const fixed = translateFixedTerm(message, language);
  if (fixed !== undefined) return answer(fixed, 'vocabulary');
  if (detectLanguage(message) === language) return answer(message, 'none', { sameLanguage: true });
  if (!translator) throw new AppError(422, CHAT_MESSAGES.translationNotConfigured, 'TRANSLATION_NOT_CONFIGURED');
  const result = await translator.translate(message, language);
  if (result.failed) throw new TranslationUnavailableError();
  return answer(result.text, translator.name, { machine: result.translated });
}
