import type { TFunction } from 'i18next';
import { errorText } from '../../api/errorText';

/**
 * The text to show for a refused messaging call: by code (errorText) in the interface language, else the server's
 * own message for a client error, else the spec's generic fallback.
 */
export function chatErrorText(error: unknown, t: TFunction): string {
  return errorText(t, error, t('chat.genericError'));
}
