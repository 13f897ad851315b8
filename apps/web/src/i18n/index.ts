/**
 * Interface languages. applyLanguage is the one way to switch: i18next, <html lang dir>, antd direction and locale.
 * Detection order: cookie, local storage, browser; English fallback; the choice is cached in both.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { LANGUAGES, type Language } from '@portal/shared';
import en from './en.json';

export type Direction = 'ltr' | 'rtl';
export interface LanguageState {
  language: Language;
  direction: Direction;
  antdLocale: Locale;
}

/** Storage key of the language choice (cookie and local storage). */
const LOCALE_KEY = 'locale';

/**
 * English ships with the app (it is the fallback); French and Arabic are fetched when chosen, so a first visit does
 * not download the two translations it does not read (≈150 KB of the entry before compression).
 */
const translations: Record<Language, () => Promise<ResourceKey>> = {
  en: async () => en,
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
  .use(LanguageDetector)
  .use(lazyTranslations)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: en } },
    partialBundledLanguages: true,
    supportedLngs: [...LANGUAGES],
    load: 'languageOnly',
    nonExplicitSupportedLngs: true,
    fallbackLng: 'en',
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['cookie', 'localStorage', 'navigator'],
      lookupCookie: LOCALE_KEY,
      lookupLocalStorage: LOCALE_KEY,
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
    },
  });

export function toLanguage(lng: string | undefined): Language {
  const base = (lng ?? '').toLowerCase().split('-')[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : 'en';
}

function directionOf(language: Language): Direction {
  return language === 'ar' ? 'rtl' : 'ltr';
}

const antdLocales: Record<Language, () => Promise<Locale>> = {
  en: async () => enUS,
  fr: async () => (await import('antd/locale/fr_FR')).default,
  ar: async () => (await import('antd/locale/ar_EG')).default,
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
  const direction = directionOf(language);
  // The choice is remembered at once (cookie and local storage, where the start-up detection reads it), not after the
  // translations have arrived: a page left or reloaded meanwhile opens in the language chosen.
  i18n.services.languageDetector?.cacheUserLanguage(language);
  // The antd locale first: the texts, <html lang dir> and antd then change together, never French text in a page
  // still marked English.
  const antdLocale = await antdLocales[language]();
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  document.documentElement.dir = direction;
  state = { language, direction, antdLocale };
  listeners.forEach((l) => l());
}

/** The language detected at start-up (cookie, local storage, browser), before applyLanguage runs. */
export function detectedLanguage(): Language {
  // Not resolvedLanguage: until its translations have arrived, a French or Arabic choice resolves to English.
  return toLanguage(i18n.language);
}

/** A duration in words in the given language, e.g. "30 minutes", "30 دقيقة". */
export function formatDuration(ms: number, language: Language): string {
  const minutes = ms / 60_000;
  const [value, unit] = Number.isInteger(minutes) ? [minutes, 'minute'] : [Math.round(ms / 1000), 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

export { i18n };
