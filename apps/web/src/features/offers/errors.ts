import type { TFunction } from 'i18next';
import { MESSAGES } from '@portal/shared';
import { ApiError } from '../../api/http';

/** The server's catalogue messages the offers screens translate; any other server message is shown as sent. */
const KNOWN: Partial<Record<string, string>> = {
  [MESSAGES.offerFinalized]: 'offers.messages.finalized',
  [MESSAGES.offerCannotSubmit]: 'offers.messages.cannotSubmit',
  [MESSAGES.offerSubmitNotAllowed]: 'offers.messages.submitNotAllowed',
  [MESSAGES.countryInactive]: 'offers.messages.countryInactive',
  [MESSAGES.offerNotAwaitingReview]: 'offers.messages.notAwaitingReview',
  [MESSAGES.offerAlreadyExists]: 'offers.messages.alreadyExists',
  [MESSAGES.offerAlreadyOpened]: 'offers.messages.alreadyOpened',
  [MESSAGES.offerStale]: 'offers.messages.stale',
  [MESSAGES.offerCountryRequired]: 'offers.messages.countryRequired',
  [MESSAGES.offerNoCountry]: 'offers.messages.noCountry',
};

/** What to tell the user about a failed offer call: the server's message (translated when known), else the spec's fallback. */
export function offerErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.code === 'NOT_OPEN') return t('offers.messages.alreadyOpened');
    if (error.code === 'CONFLICT') return t('offers.messages.stale');
    if (error.status === 413) return t('offers.messages.tooLarge');
    if (error.status === 0) return t('offers.messages.network');
    const key = KNOWN[error.message];
    if (key) return t(key as 'offers.messages.stale');
    if (error.status < 500 && error.message && !/^HTTP_|Request failed/.test(error.message)) return error.message;
  }
  return t('offers.messages.error');
}
