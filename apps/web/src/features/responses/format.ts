import { formatDateTime } from '../../i18n/dates';

/** A date and time in the reader's language's conventions (i18n/dates.ts: day-month-year in English). */
export const formatDate = (iso: string, language: string): string => formatDateTime(iso, language);
