import { useMemo, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { EditorTabs, useSectorTabs } from '../../features/offers/EditorTabs';
import { HorizontalTab, MfnTab } from '../../features/offers/HorizontalTab';
import { sectorTitle } from '../../features/offers/document';
import { offerErrorText } from '../../features/offers/errors';
import { CompareSector } from '../../features/responses/CompareSector';
import { CounterOfferHeader } from '../../features/responses/CounterOfferHeader';
import { diffDocuments } from '../../features/responses/diff';
import { useResponseOffer } from '../../features/responses/queries';
import '../../features/offers/offers.css';
import '../../features/responses/responses.css';

const noop = () => undefined;

/**
 * /compare-versions/:id/:counterId — the version answered (first in reading order: left, or right in Arabic) beside
 * the counter offer, one tab at a time, the changes found by comparing values highlighted.
 */
export default function CompareVersionsPage() {
  const { id, counterId } = useParams();
  const { t } = useTranslation();
  const response = useResponseOffer(counterId);
  const [tab, setTab] = useState(0);
  const [ungrouped, setUngrouped] = useState(false);
  const r = response.data;
  const counter = r?.document;
  const diff = useMemo(() => (r ? diffDocuments(r.original, r.document) : null), [r]);
  const tabs = useSectorTabs(counter?.sectors ?? EMPTY);

  let body: ReactNode;
  if (response.isError) body = <Alert type="error" showIcon title={offerErrorText(response.error, t)} />;
  else if (!r || !counter || !diff) body = <Spin className="offers-spin" />;
  else if (r.offerId !== id) body = <Alert type="error" showIcon title={t('responses.compare.mismatch')} />;
  else {
    const mfn = counter.sectors.length + 1;
    const sectorIndex = tab >= 1 && tab < mfn ? tab - 1 : null;
    const sector = sectorIndex === null ? undefined : counter.sectors[sectorIndex];
    const originalSector = sector && r.original.sectors.find((s) => s.sectorId === sector.sectorId);
    const changedSectors = counter.sectors
      .map((s, i) => ({ s, i }))
      .filter(({ s }) => diff.sectors.get(s.sectorId)?.changed);
    const column = (side: 'original' | 'counter', doc: OfferDocument) => {
      const heading =
        side === 'original'
          ? t('responses.compare.original', { number: r.versionNumber, country: r.offerCountryName })
          : t('responses.compare.counter', { country: r.responderCountryName });
      const tablesChanged = (tab === 0 && (diff.horizontal || diff.description)) || (tab === mfn && diff.mfn);
      return (
        <section
          className={`compare-column${tablesChanged ? (side === 'counter' ? ' compare-changed' : ' compare-original-changed') : ''}`}
          aria-label={heading}
        >
          <h3 className="compare-column-title">{heading}</h3>
          {tab === 0 && (
            <HorizontalTab
              name={doc.name}
              description={doc.description}
              rows={doc.geenralCommitement}
              readOnly
              update={noop}
            />
          )}
          {tab === mfn && <MfnTab rows={doc.geenralCommitementCon} readOnly update={noop} />}
          {sector && (
            <CompareSector
              side={side}
              sector={side === 'counter' ? sector : originalSector}
              diff={diff.sectors.get(sector.sectorId)}
            />
          )}
        </section>
      );
    };
    body = (
      <>
        <CounterOfferHeader summary={r}>
          <ButtonLink to={`/view-response-offer/${r.id}`}>{t('responses.compare.backToCounter')}</ButtonLink>
        </CounterOfferHeader>
        <div className="offer-editor-toolbar">
          {changedSectors.length === 0 ? (
            <span>{t('responses.changes.none')}</span>
          ) : (
            <span className="counter-changed-sectors">
              {t('responses.editor.changedSectors')}{' '}
              {changedSectors.map(({ s, i }) => (
                <Button
                  key={s.sectorId}
                  size="small"
                  type="link"
                  className="compare-tab-changed"
                  onClick={() => setTab(i + 1)}
                >
                  {sectorTitle(s) ?? i + 1}
                </Button>
              ))}
            </span>
          )}
        </div>
        <div className="offer-editor-body">
          <EditorTabs
            tabs={tabs}
            activeTab={tab}
            ungrouped={ungrouped}
            readOnly
            onOpen={setTab}
            onAddSector={noop}
            onUngroup={setUngrouped}
          />
          <div className="offer-editor-panel">
            {sector && (
              <h2 className="editor-panel-title">
                {sectorTitle(sector) ?? t('offers.tabs.newSector', { number: tab })}
              </h2>
            )}
            <div className="compare-columns">
              {column('original', r.original)}
              {column('counter', counter)}
            </div>
          </div>
        </div>
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

const EMPTY: never[] = [];
