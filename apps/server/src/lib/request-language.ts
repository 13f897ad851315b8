import type { IncomingHttpHeaders } from 'node:http';
import { LANGUAGES, type Language } from '@portal/shared';

/**
 * Cookies holding the web app's language choice: `locale` is the one the web app writes (apps/web/src/i18n), `i18next`
 * is i18next's own default name.
 */
const LANGUAGE_COOKIES = ['locale', 'i18next'];

/** One of the interface languages when the text names one (`fr`, `fr-CA`, `AR`), else undefined. */
function asLanguage(text: string | undefined): Language | undefined {
  const [base = ''] = (text ?? '').trim().toLowerCase().split(/[-_]/);
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : undefined;
}

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The first interface language of an Accept-Language header, by preference (q) then order. */
function acceptedLanguage(header: string | undefined): Language | undefined {
  const ranges = (header ?? '')
    .split(',')
    .slice(0, 20)
    .map((range, order) => {
      const [tag, ...params] = range.split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: asLanguage(tag), q: q === undefined ? 1 : Number(q), order };
    })
    .filter((r) => r.language && r.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranges[0]?.language;
}

/**
 * The language a visitor who is not signed in reads the portal in: the web app's language cookie, else the browser's
 * Accept-Language, else English. Mails to visitors (the newsletter confirmation) are written in it.
 */
export function requestLanguage(headers: IncomingHttpHeaders): Language {
  const cookies = typeof headers.cookie === 'string' ? headers.cookie : undefined;
  for (const name of LANGUAGE_COOKIES) {
    const chosen = asLanguage(cookie(cookies, name));
    if (chosen) return chosen;
  }
  const accept = headers['accept-language'];
  return acceptedLanguage(typeof accept === 'string' ? accept : undefined) ?? 'en';
}
