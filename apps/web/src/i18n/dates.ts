/** Dates and durations in the interface language's conventions (the locale of each: dateLocale). */
import type { Language } from '@portal/shared';
import { dateLocale } from './index';

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

/** A duration in words in the given language, e.g. "30 minutes", "30 دقيقة". */
export function formatDuration(ms: number, language: Language): string {
  const minutes = ms / 60_000;
  const [value, unit] = Number.isInteger(minutes) ? [minutes, 'minute'] : [Math.round(ms / 1000), 'second'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}
