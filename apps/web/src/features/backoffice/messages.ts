import type { TFunction } from 'i18next';
import { BACKOFFICE_MESSAGES } from '@portal/shared';
import { ApiError } from '../../api/http';

/** The server's texts (BACKOFFICE_MESSAGES) shown in the interface language. */
const KNOWN: Partial<Record<string, Parameters<TFunction>[0]>> = {
  [BACKOFFICE_MESSAGES.subscribed]: 'newsletter.subscribed',
  [BACKOFFICE_MESSAGES.invalidEmail]: 'newsletter.invalidEmail',
  [BACKOFFICE_MESSAGES.captchaRequired]: 'newsletter.captchaRequired',
  [BACKOFFICE_MESSAGES.captchaInvalid]: 'newsletter.captchaInvalid',
  [BACKOFFICE_MESSAGES.contactSent]: 'contact.sent',
  [BACKOFFICE_MESSAGES.replySent]: 'backoffice.contact.replySent',
  [BACKOFFICE_MESSAGES.settingsSaved]: 'backoffice.settings.saved',
  [BACKOFFICE_MESSAGES.userUpdated]: 'backoffice.users.updated',
  [BACKOFFICE_MESSAGES.cannotDisableSelf]: 'backoffice.users.cannotDisableSelf',
};

/**
 * The text to show for a refused call of these screens: a known server text in the interface language, else the
 * server's own message for a client error, else the spec's generic fallback.
 */
export function backofficeErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('backoffice.common.network');
    const known = KNOWN[error.message];
    if (known) return t(known as 'errors.generic');
    if (error.message && error.status < 500 && !/^(Request failed|HTTP_\d+)$/.test(error.message)) return error.message;
  }
  return t('errors.generic');
}
