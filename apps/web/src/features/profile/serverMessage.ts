import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { MESSAGES } from '@portal/shared';
import { DUPLICATE_EMAIL, PROFILE_MESSAGES, SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from './contract';

const KNOWN = {
  [WRONG_CURRENT_PASSWORD]: 'profile.messages.wrongCurrentPassword',
  [PROFILE_MESSAGES.emailTaken]: 'profile.messages.emailTaken',
  [PROFILE_MESSAGES.roleNotInvitable]: 'profile.messages.roleNotInvitable',
  [PROFILE_MESSAGES.countryRequired]: 'profile.messages.countryRequired',
  [PROFILE_MESSAGES.invitationInvalid]: 'profile.messages.invitationInvalid',
  [PROFILE_MESSAGES.weakPassword]: 'profile.password.weak',
  [SAME_PASSWORD]: 'profile.password.sameAsOld',
  [DUPLICATE_EMAIL]: 'profile.messages.duplicateEmail',
  // Too many wrong current passwords lock the account as failed sign-ins do.
  [MESSAGES.accountLocked]: 'auth.locked',
} as const;

/**
 * The text to show for a refused profile, password or invitation call: the server's message (spec section 8),
 * in the interface language when it is one the screens know; the spec's 'error' when the server gave none.
 */
export function serverMessageText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('profile.messages.network');
    // The server may add details after a known text, e.g. the addresses already taken.
    const known = (Object.keys(KNOWN) as (keyof typeof KNOWN)[]).find((text) => error.message.startsWith(text));
    if (known) return `${t(KNOWN[known])}${error.message.slice(known.length)}`;
    if (error.message && error.status < 500 && !/^(Request failed|HTTP_\d+)$/.test(error.message)) return error.message;
  }
  return t('profile.messages.error');
}
