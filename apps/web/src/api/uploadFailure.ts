import type { TFunction } from 'i18next';
import { UPLOAD_EXTENSIONS, UPLOAD_MAX_MB, isolateAuto, isolateLtr } from '@portal/shared';
import { ApiError } from './http';
import { errorText } from './errorText';

/** Why an upload was refused before sending (`uploadProblem`) or by the server. */
export type UploadFailure = 'type' | 'size' | unknown;

/**
 * The spec's '{file name} file upload failed.' in the interface language, the file name isolated (it takes its own
 * direction), followed by why when it is known: the types accepted, the size limit, or the server's refusal (a quota,
 * a full store) in the interface language.
 */
export function uploadFailedText(fileName: string, t: TFunction, why?: UploadFailure): string {
  const failed = t('files.uploadFailed', { name: isolateAuto(fileName) });
  const reason = reasonOf(why);
  if (reason === 'type')
    return `${failed} ${t('files.why.type', { types: UPLOAD_EXTENSIONS.map((e) => isolateLtr(e.toUpperCase())).join(', ') })}`;
  if (reason === 'size') return `${failed} ${t('files.why.size', { mb: UPLOAD_MAX_MB })}`;
  if (why instanceof ApiError && why.status > 0) {
    const said = errorText(t, why, '');
    // A refusal whose code the web app words (a quota, a full store) says why; others keep the spec's sentence.
    if (said && said !== why.message) return `${failed} ${said}`;
  }
  return failed;
}

function reasonOf(why: UploadFailure): 'type' | 'size' | null {
  if (why === 'type' || why === 'size') return why;
  if (why instanceof ApiError) {
    if (why.status === 415) return 'type';
    if (why.status === 413) return 'size';
  }
  return null;
}
