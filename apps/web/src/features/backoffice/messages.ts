import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/errorText';

/**
 * The text to show for a refused call of these screens: by code (errorText) in the interface language, else the
 * server's own message for a client error, else the spec's generic fallback.
 */
export function backofficeErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t('backoffice.common.network');
  return errorText(t, error);
}
