/** The forgotten-password calls (packages/shared/src/password-reset), through the one HTTP client. */
import type { PasswordForgot, PasswordReset } from '@portal/shared';
import type { TFunction } from 'i18next';
import { http } from '../../api/http';
import { ApiError } from '../../api/http';
import { serverMessageText } from '../profile/serverMessage';

export const passwordResetApi = {
  /** POST /password/forgot: always the same neutral answer. */
  forgot: (body: PasswordForgot) => http.post<null>('/password/forgot', body),
  /** POST /password/reset: on success the server ends every session of the user. */
  reset: (body: PasswordReset) => http.post<null>('/password/reset', body),
};

/** Whether a refused reset means the link itself is no good (used, expired or unknown): the page then offers a new one. */
export const isInvalidLink = (error: unknown) =>
  error instanceof ApiError && error.code === 'PASSWORD_RESET_INVALID_LINK';

/** The text to show for a refused forgot or reset call, in the interface language where the screens know it. */
export function resetErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return t('passwordReset.tooMany');
    if (error.status === 403) return t('passwordReset.accountInactive');
  }
  return serverMessageText(error, t);
}
