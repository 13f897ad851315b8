import { useEffect, useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { offerErrorText } from '../../features/offers/errors';
import { ComparisonPdfButton } from '../../features/responses/ComparisonPdfButton';
import { ComparisonView } from '../../features/responses/ComparisonView';
import { useSectorLabels } from '../../features/offers/view/useSectorLabels';
import { CounterOfferHeader } from '../../features/responses/CounterOfferHeader';
import { useResponseOffer } from '../../features/responses/queries';
import { useEntryDecisions } from '../../features/responses/useEntryDecisions';
import { DecisionSummary } from '../../features/responses/DecisionSummary';
import { changeAnchor } from '../../features/responses/changeNavigation';
import { useCountryNames } from '../../features/countries/useCountries';
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
  const decisions = useEntryDecisions(r?.status === 'SENT' ? r.id : undefined, r?.original, r?.document);
  // A link to one entry (a message anchored to it): that entry is brought into view and focused once shown.
  const [search] = useSearchParams();
  const wanted = search.get('entry');
  const wantedCell = useMemo(
    () => [...decisions.byCell].find(([, e]) => e.key === wanted)?.[0] ?? null,
    [decisions.byCell, wanted],
  );
  useEffect(() => {
    if (!wantedCell) return;
    const el = document.getElementById(changeAnchor(wantedCell));
    el?.scrollIntoView?.({ block: 'center' });
    el?.focus({ preventScroll: true });
  }, [wantedCell]);
  const countryName = useCountryNames();
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
        {decisions.data && <DecisionSummary entries={decisions.data} />}
        <ComparisonView
          before={r.original}
          after={r.document}
          beforeTitle={t('responses.compare.original', {
            number: r.versionNumber,
            country: countryName(r.offerCountryCode, r.offerCountryName),
          })}
          afterTitle={t('responses.compare.counter', {
            country: countryName(r.responderCountryCode, r.responderCountryName),
          })}
          actions={<ComparisonPdfButton offerId={r.offerId} pair={{ responseId: r.id }} />}
          serviceTitle={labels.titleOf}
          decisions={
            decisions.data
              ? {
                  responseId: r.id,
                  offerId: r.offerId,
                  offerCountryName: countryName(r.offerCountryCode, r.offerCountryName),
                  byCell: decisions.byCell,
                  mayDecide: decisions.data.mayDecide,
                }
              : undefined
          }
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
