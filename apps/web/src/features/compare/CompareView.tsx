import { useMemo, type ReactNode } from 'react';
import { Empty, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Code, TextWithCodes } from '../../components/Bidi';
import { CommitmentTable } from '../offers/editor/CommitmentTable';
import { OfferStatusTag } from '../offers/list/OfferStatusTag';
import { RichTextView } from '../offers/view/RichTextView';
import { isBlankHtml } from '../offers/sanitize';
import { useCountryNames } from '../countries/useCountries';
import type { ComparedOffer } from '@portal/shared';
import { offersCommitting, sectorTabs } from './matching';
import { SectorCommitmentView } from './SectorCommitmentView';
import './compare.css';
import { formatDay } from '../../i18n/dates';

const noChange = () => undefined;

/**
 * The chosen countries' offers side by side, read-only, in two columns: a tab for the horizontal commitments, one
 * per W/120 item (matched on every service, CPC codes through the concordance; "No commitment" only where a country
 * has none) and one for MFN exemptions.
 */
export function CompareView({ offers }: { offers: ComparedOffer[] }) {
  const { t, i18n } = useTranslation();
  const countryLabel = useCountryNames();
  const tabs = useMemo(() => sectorTabs(offers, i18n.language), [offers, i18n.language]);

  const columns = (render: (offer: ComparedOffer, index: number) => ReactNode) => (
    <div className="compare-columns">
      {offers.map((offer, index) => (
        <section
          key={offer.countryCode}
          className="compare-column"
          aria-label={countryLabel(offer.countryCode, offer.countryName)}
        >
          <header className="compare-column-header">
            <h3>{countryLabel(offer.countryCode, offer.countryName)}</h3>
            <p>
              <OfferStatusTag status={offer.status} /> {t('compare.version', { version: offer.version })} ·{' '}
              {t('compare.submittedAt', {
                date: formatDay(offer.submittedAt, i18n.language),
              })}
            </p>
          </header>
          {render(offer, index)}
        </section>
      ))}
    </div>
  );
  const noCommitment = <p className="compare-none">{t('compare.noCommitment')}</p>;

  const items = [
    {
      key: 'horizontal',
      label: t('compare.horizontal'),
      children: columns((offer) => (
        <>
          {!isBlankHtml(offer.description) && (
            <details className="compare-statement">
              <summary>{t('compare.openingStatement')}</summary>
              <RichTextView html={offer.description} />
            </details>
          )}
          {offer.geenralCommitement.length > 0 ? (
            <CommitmentTable
              kind="horizontal"
              rows={offer.geenralCommitement}
              caption={t('compare.horizontal')}
              readOnly
              onChange={noChange}
            />
          ) : (
            noCommitment
          )}
        </>
      )),
    },
    ...tabs.map((tab) => ({
      key: `sector-${tab.key}`,
      label: (
        <Tooltip title={t('compare.committing', { count: offersCommitting(tab), total: offers.length })}>
          <span className="compare-tab-label">
            <Code>{tab.code}</Code> <TextWithCodes text={tab.title} />
          </span>
        </Tooltip>
      ),
      children: columns((_, index) => {
        const sectors = tab.byOffer[index] ?? [];
        return sectors.length > 0
          ? sectors.map((s) => <SectorCommitmentView key={s.sectorId} sector={s} />)
          : noCommitment;
      }),
    })),
    {
      key: 'mfn',
      label: t('compare.mfn'),
      children: columns((offer) =>
        offer.geenralCommitementCon.length > 0 ? (
          <CommitmentTable
            kind="mfn"
            rows={offer.geenralCommitementCon}
            caption={t('compare.mfn')}
            readOnly
            onChange={noChange}
          />
        ) : (
          noCommitment
        ),
      ),
    },
  ];

  if (offers.length === 0) return <Empty description={t('compare.nothing')} />;
  return <Tabs className="compare-tabs" items={items} tabPlacement="start" aria-label={t('compare.tabs')} />;
}
