import type { TFunction } from 'i18next';
import { isolateAuto } from '@portal/shared';
import { errorText } from '../../api/errorText';

/**
 * The text to show for a refused messaging call: by code (errorText) in the interface language, else the server's
 * own message for a client error, else the spec's generic fallback.
 */
export function chatErrorText(error: unknown, t: TFunction): string {
  return errorText(t, error, t('chat.genericError'));
}

/**
 * The spec's '{file name} file upload failed.' in the interface language, the file name isolated (it takes its own
 * direction: an Arabic name in the English sentence, a Latin one in the Arabic sentence).
 */
export const uploadFailedText = (fileName: string, t: TFunction) =>
  t('chat.fileUploadFailed', { name: isolateAuto(fileName) });
