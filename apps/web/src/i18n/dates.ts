/**
 * Dates in the interface language's conventions (issue 14): English is written day-month-year, as the bloc's English
 * users write it (en-GB), not the American month-day; French and Arabic follow their own locale.
 */
const LOCALES: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar' };

/** The Intl locale used to write dates for an interface language. */
export function dateLocale(language: string): string {
  return LOCALES[language.split('-')[0] ?? 'en'] ?? 'en-GB';
}

function format(iso: string | Date, language: string, options: Intl.DateTimeFormatOptions): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return typeof iso === 'string' ? iso : '';
  return new Intl.DateTimeFormat(dateLocale(language), options).format(date);
}

/** A day, e.g. "24 Nov 2026" in English, "24 nov. 2026" in French. */
export const formatDay = (iso: string | Date, language: string) => format(iso, language, { dateStyle: 'medium' });

/** A day and time, e.g. "24 Nov 2026, 14:05". */
export const formatDateTime = (iso: string | Date, language: string) =>
  format(iso, language, { dateStyle: 'medium', timeStyle: 'short' });
