import { useMemo, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Alert, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferVersionSummary } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { documentOf } from '../../features/offers/document';
import { offerErrorText } from '../../features/offers/errors';
import { useOfferVersion, useOfferVersions } from '../../features/offers/queries';
import { useCountryNames } from '../../features/countries/useCountries';
import { ComparisonPdfButton } from '../../features/responses/ComparisonPdfButton';
import { ComparisonView } from '../../features/responses/ComparisonView';
import { useAcceptedInVersion } from '../../features/responses/queries';
import { useSectorLabels } from '../../features/offers/view/useSectorLabels';
import { formatDate } from '../../features/responses/format';
import '../../features/offers/offers.css';
import '../../features/responses/responses.css';

/** A version number from the address, or null when absent or not a version number. */
function versionParam(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * /compare-versions/:id?from=1&to=2 — two submitted versions of one offer side by side (v1 returned → v2), aligned by
 * sector and mode, the changed words marked. Without from/to: the last two versions. The versions are loaded with
 * the calls the version list uses (GET /offers/version/{id}/{n}), so the server's visibility rules apply unchanged.
 */
export default function CompareOfferVersionsPage() {
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const { t, i18n } = useTranslation();
  const countryLabel = useCountryNames();
  const versions = useOfferVersions(id);
  const list = useMemo(() => [...(versions.data ?? [])].sort((a, b) => a.number - b.number), [versions.data]);
  const last = list.at(-1)?.number ?? null;
  const to = versionParam(params.get('to')) ?? last;
  const from = versionParam(params.get('from')) ?? (to !== null && to > 1 ? to - 1 : null);
  // Values accepted from counter offers that went into the later version, when the two versions follow each other.
  const accepted = useAcceptedInVersion(id, from !== null && to !== null && to === from + 1 ? to : null);
  const before = useOfferVersion(id, from);
  const after = useOfferVersion(id, to);
  const labels = useSectorLabels(
    useMemo(
      () => [...(before.data?.sectors ?? []), ...(after.data?.sectors ?? [])].map((s) => s.type),
      [before.data, after.data],
    ),
  );

  const choose = (which: 'from' | 'to', n: number) => {
    const next = new URLSearchParams(params);
    next.set(which, String(n));
    if (which === 'from' && !next.has('to') && to !== null) next.set('to', String(to));
    if (which === 'to' && !next.has('from') && from !== null) next.set('from', String(from));
    setParams(next, { replace: true });
  };
  const title = (v: OfferVersionSummary | undefined, n: number) =>
    v
      ? t('versions.page.columnTitle', {
          number: n,
          status: t(`offers.status.${v.status}`),
          date: formatDate(v.createdAt, i18n.language),
        })
      : t('offers.versions.number', { number: n });
  const picker = (which: 'from' | 'to', value: number | null) => (
    <label className="version-compare-option">
      <span>{t(which === 'from' ? 'versions.page.from' : 'versions.page.to')}</span>
      <Select<number>
        size="small"
        value={value ?? undefined}
        aria-label={t(which === 'from' ? 'versions.page.from' : 'versions.page.to')}
        style={{ minInlineSize: 140 }}
        options={list.map((v) => ({ value: v.number, label: t('offers.versions.number', { number: v.number }) }))}
        onChange={(n) => choose(which, n)}
      />
    </label>
  );

  const error = versions.error ?? before.error ?? after.error;
  let body: ReactNode;
  if (error) body = <Alert type="error" showIcon title={offerErrorText(error, t)} />;
  else if (versions.data && list.length < 2) body = <Alert type="info" showIcon title={t('versions.page.needTwo')} />;
  else if (!before.data || !after.data || from === null || to === null) body = <Spin className="offers-spin" />;
  else {
    const offer = after.data;
    body = (
      <>
        <div className="counter-header">
          <div>
            <p className="counter-header-meta">
              <bdi dir="auto">{offer.name}</bdi> — {countryLabel(offer.countryCode, offer.countryNameCreator)}
            </p>
            <p className="counter-header-meta">{t('versions.page.comparing', { from, to })}</p>
          </div>
          <div className="counter-header-actions">
            {picker('from', from)}
            {picker('to', to)}
            <ButtonLink to="/offers">{t('versions.page.back')}</ButtonLink>
          </div>
        </div>
        {from === to && <Alert type="warning" showIcon title={t('versions.page.same')} />}
        <ComparisonView
          before={documentOf(before.data)}
          after={documentOf(offer)}
          beforeTitle={title(
            list.find((v) => v.number === from),
            from,
          )}
          afterTitle={title(
            list.find((v) => v.number === to),
            to,
          )}
          actions={from !== to && id ? <ComparisonPdfButton offerId={id} pair={{ from, to }} /> : null}
          serviceTitle={labels.titleOf}
          accepted={accepted.data?.entries}
        />
      </>
    );
  }
  return (
    <>
      <PageTitle>{t('routes.compareVersions')}</PageTitle>
      {body}
    </>
  );
}
