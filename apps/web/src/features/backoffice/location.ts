import type { TFunction } from 'i18next';

/**
 * The audit log's location in words: the server stores `local` for the local network (loopback, private ranges) or
 * an ISO 3166 country code, which the browser names in the reader's language.
 */
export function locationText(geolocation: string | null, language: string, t: TFunction): string | null {
  if (!geolocation) return null;
  if (geolocation === 'local') return t('backoffice.audit.localNetwork');
  if (!/^[A-Z]{2}$/.test(geolocation)) return geolocation;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(geolocation) ?? geolocation;
  } catch {
    return geolocation;
  }
}
