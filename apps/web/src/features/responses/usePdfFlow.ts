import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseSummary } from '@portal/shared';
import { toLanguage } from '../../i18n';
import { responsesApi } from './api';

/**
 * Attaches a saved counter offer's PDF: the server makes it from the stored counter offer, in the interface language.
 * Rejects with the server's ApiError when it cannot (the counter offer itself stays saved).
 */
export function useAttachPdf() {
  const { i18n } = useTranslation();
  return useCallback(
    (summary: Pick<ResponseSummary, 'id'>) => responsesApi.attachPdf(summary.id, toLanguage(i18n.language)),
    [i18n],
  );
}
