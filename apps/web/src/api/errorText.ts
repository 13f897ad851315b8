import type { TFunction } from 'i18next';
import { ApiError } from './http';

/** A message the server wrote for people, not a bare status text of the HTTP client. */
function serverMessage(error: ApiError): string | null {
  const m = error.message.trim();
  return m && error.status > 0 && error.status < 500 && !/^(HTTP_\d+|Request failed|Network error)$/.test(m) ? m : null;
}

/**
 * The one text of a refused call: `errors.<CODE>` in the interface language when the web app knows the code (the codes
 * of ERROR_CATALOGUE in packages/shared), else the server's own message of a 4xx, else `fallback` (the generic text).
 * It never reads the message to decide: rewording a server message does not change what is shown.
 */
export function errorText(t: TFunction, error: unknown, fallback?: string): string {
  const generic = fallback ?? t('errors.generic');
  if (!(error instanceof ApiError)) return generic;
  const known = t(`errors.${error.code}` as 'errors.generic', { defaultValue: '' });
  if (known) return known;
  return serverMessage(error) ?? generic;
}
