/**
 * Interface languages. applyLanguage is the one way to switch: i18next, <html lang dir>, antd direction and locale.
 * Detection order: cookie, local storage, browser; English fallback; the choice is kept in both.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import { LANGUAGES, type Language } from '@portal/shared';
import enFirstVisit from './en.json?first-visit';

export type Direction = 'ltr' | 'rtl';
export interface LanguageState {
  language: Language;
  direction: Direction;
  antdLocale: Locale;
}

/** Storage key of the language choice (cookie and local storage). */
const LOCALE_KEY = 'locale';

/** A year: the choice outlives the session. */
const LOCALE_COOKIE_SECONDS = 365 * 24 * 3600;

function storedChoice(): string | undefined {
  // Rendered by the server (the first screen): it chooses the language itself.
  if (typeof document === 'undefined') return undefined;
  const cookie = document.cookie.split('; ').find((c) => c.startsWith(`${LOCALE_KEY}=`));
  const chosen = cookie && decodeURIComponent(cookie.slice(LOCALE_KEY.length + 1));
  // A value that names no interface language is passed over, as the server does (lib/request-language.ts).
  if (chosen && toLanguageOrNull(chosen)) return chosen;
  try {
    return localStorage.getItem(LOCALE_KEY) ?? undefined;
  } catch {
    return undefined; // storage disabled
  }
}

/** Cookie (the server mails in that language), then local storage, then the browser's languages. */
export function startLanguage(): Language {
  const choice = storedChoice();
  if (choice) return toLanguage(choice);
  const preferred = (navigator.languages ?? [navigator.language]).map(toLanguageOrNull).find((l) => l !== null);
  return preferred ?? 'en';
}

function rememberLanguage(language: Language) {
  document.cookie = `${LOCALE_KEY}=${language}; path=/; max-age=${LOCALE_COOKIE_SECONDS}; SameSite=Lax`;
  try {
    localStorage.setItem(LOCALE_KEY, language);
  } catch {
    // storage disabled: the cookie remembers
  }
}

/**
 * English ships with the app (it is the fallback), only the groups a first visit reads (firstVisit.ts); its other
 * groups, and French and Arabic, are fetched when needed, so a first visit does not download what it does not read.
 */
const translations: Record<Language, () => Promise<ResourceKey>> = {
  en: async () => ({ ...enFirstVisit, ...(await import('./en.json?rest')).default }),
  fr: async () => (await import('./fr.json')).default,
  ar: async () => (await import('./ar.json')).default,
};

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    translations[toLanguage(language)]().then(
      (resources) => callback(null, resources),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n
  .use(lazyTranslations)
  .use(initReactI18next)
  .init({
    lng: startLanguage(),
    resources: { en: { translation: enFirstVisit } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    // Screens re-render when the rest of English arrives (loadAllTranslations).
    react: { bindI18nStore: 'added' },
  });

let allEnglish: Promise<void> | null = null;

/**
 * The groups of English a first visit does not read, added once (every lazily loaded screen waits for them: lazyPage).
 * French and Arabic are always loaded whole.
 */
export function loadAllTranslations(): Promise<void> {
  allEnglish ??= import('./en.json?rest').then((rest) => {
    i18n.addResourceBundle('en', 'translation', rest.default, true, false);
  });
  return allEnglish;
}

function toLanguageOrNull(lng: string | undefined): Language | null {
  const [base = ''] = (lng ?? '').toLowerCase().split('-');
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

export function toLanguage(lng: string | undefined): Language {
  return toLanguageOrNull(lng) ?? 'en';
}

function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

const antdLocales: Record<Language, () => Promise<Locale>> = {
  en: async () => enUS,
  fr: async () => (await import('antd/es/locale/fr_FR')).default,
  ar: async () => (await import('antd/es/locale/ar_EG')).default,
};

let state: LanguageState = { language: 'en', direction: 'ltr', antdLocale: enUS };
const listeners = new Set<() => void>();

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getLanguageState(): LanguageState {
  return state;
}

/** Switches the whole interface to a language, remembers the choice, and turns the page right-to-left for Arabic. */
export async function applyLanguage(lng: string): Promise<void> {
  const language = toLanguage(lng);
  // The choice is remembered at once (cookie and local storage, where the start-up detection reads it), not after the
  // translations have arrived: a page left or reloaded meanwhile opens in the language chosen.
  rememberLanguage(language);
  await switchLanguage(language, (direction) => {
    document.documentElement.lang = language;
    document.documentElement.dir = direction;
  });
}

/**
 * The texts, antd's locale and direction in a language, without remembering the choice: applyLanguage, and the
 * server's render of the first screen (app/renderFirstScreen.tsx), which writes `<html lang dir>` itself.
 */
export async function switchLanguage(language: Language, beforeRender: (direction: Direction) => void = () => {}) {
  const direction = directionOf(language);
  // The antd locale first: the texts, <html lang dir> and antd then change together, never French text in a page
  // still marked English.
  const antdLocale = await antdLocales[language]();
  await i18n.changeLanguage(language);
  beforeRender(direction);
  state = { language, direction, antdLocale };
  listeners.forEach((l) => l());
}

/** The language found at start-up (cookie, local storage, browser), before applyLanguage runs. */
export function detectedLanguage(): Language {
  // Not resolvedLanguage: until its translations have arrived, a French or Arabic choice resolves to English.
  return toLanguage(i18n.language);
}

/**
 * The Intl locale dates are written in for an interface language (dates.ts; here, with the languages, because the
 * home's first screen needs only this): English day-month-year as the bloc's English users write it (en-GB), not the
 * American month-day; French and Arabic their own.
 */
export function dateLocale(language: string): string {
  return DATE_LOCALES[language.split('-')[0] ?? 'en'] ?? 'en-GB';
}
const DATE_LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar' };

export { i18n };
