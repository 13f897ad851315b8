import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OfferDocument, ResponseSummary } from '@portal/shared';
import { responsesApi } from './api';
import { useCounterOfferPdf } from './CounterOfferPdf';

/** Makes the PDF of a saved counter offer and attaches it; rejects when either step fails. */
export function useAttachPdf() {
  const { t } = useTranslation();
  const { make, element } = useCounterOfferPdf();
  const attach = useCallback(
    async (summary: ResponseSummary, original: OfferDocument, counter: OfferDocument) => {
      const pdf = await make(original, counter, {
        countryName: summary.offerCountryName,
        statusLabel: t('responses.pdf.counterBy', { country: summary.responderCountryName }),
        versionLabel: t('offers.versions.number', { number: summary.versionNumber }),
      });
      return responsesApi.uploadPdf(
        summary.id,
        pdf,
        `counter-offer-${summary.responderCountryCode}-${summary.offerCountryCode}-v${summary.versionNumber}.pdf`,
      );
    },
    [make, t],
  );
  return { attach, element };
}
