import { useMemo, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { offerErrorText } from '../../features/offers/errors';
import { ComparisonPdfButton } from '../../features/responses/ComparisonPdfButton';
import { ComparisonView } from '../../features/responses/ComparisonView';
import { useSectorLabels } from '../../features/offers/useSectorLabels';
import { CounterOfferHeader } from '../../features/responses/CounterOfferHeader';
import { useResponseOffer } from '../../features/responses/queries';
import '../../features/offers/offers.css';
import '../../features/responses/responses.css';

/**
 * /compare-versions/:id/:counterId — the version answered (first in reading order: left, or right in Arabic) beside
 * the counter offer, aligned by sector and mode, the changed words marked (measured on the values, not on flags).
 */
export default function CompareVersionsPage() {
  const { id, counterId } = useParams();
  const { t } = useTranslation();
  const response = useResponseOffer(counterId);
  const r = response.data;
  const labels = useSectorLabels(
    useMemo(() => (r ? [...r.original.sectors, ...r.document.sectors].map((s) => s.type) : []), [r]),
  );

  let body: ReactNode;
  if (response.isError) body = <Alert type="error" showIcon title={offerErrorText(response.error, t)} />;
  else if (!r) body = <Spin className="offers-spin" />;
  else if (r.offerId !== id) body = <Alert type="error" showIcon title={t('responses.compare.mismatch')} />;
  else
    body = (
      <>
        <CounterOfferHeader summary={r}>
          <ButtonLink to={`/view-response-offer/${r.id}`}>{t('responses.compare.backToCounter')}</ButtonLink>
        </CounterOfferHeader>
        <ComparisonView
          before={r.original}
          after={r.document}
          beforeTitle={t('responses.compare.original', { number: r.versionNumber, country: r.offerCountryName })}
          afterTitle={t('responses.compare.counter', { country: r.responderCountryName })}
          actions={<ComparisonPdfButton offerId={r.offerId} pair={{ responseId: r.id }} />}
          serviceTitle={labels.titleOf}
        />
      </>
    );
  return (
    <>
      <PageTitle>{t('routes.compareVersions')}</PageTitle>
      {body}
    </>
  );
}
