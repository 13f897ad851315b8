import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/errorText';

/** What to tell the user about a failed offer call: by code (errorText), with the offers screens' own fallbacks. */
export function offerErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('offers.messages.network');
    if (error.status === 413) return t('offers.messages.tooLarge');
  }
  return errorText(t, error, t('offers.messages.error'));
}
