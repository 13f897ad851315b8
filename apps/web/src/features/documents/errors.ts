import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';

/** A server message worth showing as written (not a bare status text). */
function serverReason(error: ApiError): string | null {
  const m = error.message.trim();
  return m && !/^(HTTP_\d+|Request failed|Network error)$/.test(m) ? m : null;
}

/**
 * What to tell the user about a document the server did not make, read from the status and code (never a blank):
 * busy (429/503 with Retry-After), too large (413), not found (404), no connection; otherwise the spec's
 * 'Something is wrong' with the reason: by its code when the catalogue has it (DOCUMENT_FAILED), else the server's message.
 */
export function documentErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('documents.errors.generic');
  if (error.status === 0) return t('documents.errors.network');
  if (error.status === 429 || (error.status === 503 && error.code !== 'DOCUMENT_FAILED'))
    return error.retryAfter !== undefined
      ? t('documents.errors.busy', { seconds: Math.max(1, Math.ceil(error.retryAfter)) })
      : t('documents.errors.busyNow');
  if (error.status === 413) return t('documents.errors.tooLarge');
  if (error.status === 404) return t('documents.errors.notFound');
  const generic = t('documents.errors.generic');
  // A refusal with a code of the catalogue is said in the interface language, whatever the server's words.
  const known = t(`errors.${error.code}` as 'errors.generic', { defaultValue: '' });
  if (known) return t('documents.errors.withReason', { reason: known });
  const reason = serverReason(error);
  // A server that already said only 'Something is wrong' is not repeated.
  return reason && reason.replace(/\.$/, '') !== generic && !/^something is wrong\.?$/i.test(reason)
    ? t('documents.errors.withReason', { reason })
    : generic;
}
