import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/errorText';

/**
 * The text to show for a refused profile, password or invitation call: by code (errorText), in the interface
 * language; the spec's 'error' when the server gave no message.
 */
export function serverMessageText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.status === 0) return t('profile.messages.network');
  return errorText(t, error, t('profile.messages.error'));
}
