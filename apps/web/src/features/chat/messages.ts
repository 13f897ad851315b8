import type { TFunction } from 'i18next';
import { CHAT_MESSAGES } from '@portal/shared';
import { ApiError } from '../../api/http';

/** The server's messaging texts (CHAT_MESSAGES and the service's refusals) shown in the interface language. */
const KNOWN: Partial<Record<string, Parameters<TFunction>[0]>> = {
  [CHAT_MESSAGES.titleRequired]: 'chat.titleRequired',
  [CHAT_MESSAGES.roomCreated]: 'chat.roomCreated',
  [CHAT_MESSAGES.userAdded]: 'chat.userAdded',
  [CHAT_MESSAGES.alreadyMember]: 'chat.alreadyMember',
  [CHAT_MESSAGES.emptyMessage]: 'chat.emptyMessage',
  'Every participant must be an approved user': 'chat.participantsRefused',
  'Room not found': 'chat.roomNotFound',
  'User not found': 'chat.userNotFound',
};

/**
 * The text to show for a refused messaging call: a known server text in the interface language, else the server's
 * own message for a client error, else the spec's generic fallback.
 */
export function chatErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const known = KNOWN[error.message];
    if (known) return t(known as 'chat.genericError');
    if (error.status > 0 && error.status < 500 && error.message && !/^(Request failed|HTTP_\d+)$/.test(error.message))
      return error.message;
  }
  return t('chat.genericError');
}

/** The spec's '{file name} file upload failed.' in the interface language. */
export const uploadFailedText = (fileName: string, t: TFunction) => t('chat.fileUploadFailed', { name: fileName });
