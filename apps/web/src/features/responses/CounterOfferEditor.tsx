/**
 * The counter-offer screen's body: the offer answered with its tabs (horizontal commitments, one per sector, MFN
 * exemptions). Only the mode-of-supply entries of the sectors are editable; the document lives here in one state.
 */
import { useCallback, useMemo, useState } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument, Sector } from '@portal/shared';
import { EditorTabs, useSectorTabs } from '../offers/EditorTabs';
import { HorizontalTab, MfnTab } from '../offers/HorizontalTab';
import { replaceSector } from '../offers/document';
import { CounterSectorPanel } from './CounterSectorPanel';
import { countChanges } from './counterEntry';
import '../offers/offers.css';
import './responses.css';

const noop = () => undefined;

interface Props {
  original: OfferDocument;
  saving: boolean;
  onSave: (doc: OfferDocument) => void;
  onCancel: () => void;
  onChat: () => void;
}

export function CounterOfferEditor({ original, saving, onSave, onCancel, onChat }: Props) {
  const { t } = useTranslation();
  const [doc, setDoc] = useState(original);
  const [tab, setTab] = useState(0);
  const [ungrouped, setUngrouped] = useState(false);
  const tabs = useSectorTabs(doc.sectors);
  const mfn = doc.sectors.length + 1;
  const sectorIndex = tab >= 1 && tab < mfn ? tab - 1 : null;
  const changes = useMemo(() => countChanges(doc), [doc]);
  const originalById = useMemo(() => new Map(original.sectors.map((s) => [s.sectorId, s])), [original]);

  const updateSector = useCallback(
    (update: (s: Sector) => Sector) => setDoc((d) => (sectorIndex === null || !d.sectors[sectorIndex] ? d : replaceSector(d, sectorIndex, update(d.sectors[sectorIndex])))),
    [sectorIndex],
  );
  const changedSectors = doc.sectors.map((s, i) => ({ s, i })).filter(({ s }) => s.changed);

  return (
    <div className="offer-editor">
      <div className="offer-editor-toolbar">
        <Tag color={changes > 0 ? 'green' : undefined}>{t('responses.editor.changes', { count: changes })}</Tag>
        {changedSectors.length > 0 && (
          <span className="counter-changed-sectors">
            {t('responses.editor.changedSectors')}{' '}
            {changedSectors.map(({ s, i }) => (
              <Button key={s.sectorId} size="small" type="link" onClick={() => setTab(i + 1)}>
                {tabs[i]?.title ?? i + 1}
              </Button>
            ))}
          </span>
        )}
      </div>
      <div className="offer-editor-body">
        <EditorTabs tabs={tabs} activeTab={tab} ungrouped={ungrouped} readOnly onOpen={setTab} onAddSector={noop} onUngroup={setUngrouped} />
        <section className="offer-editor-panel" aria-label={t('responses.editor.panel')}>
          {tab === 0 && <HorizontalTab name={doc.name} description={doc.description} rows={doc.geenralCommitement} readOnly update={noop} />}
          {tab === mfn && <MfnTab rows={doc.geenralCommitementCon} readOnly update={noop} />}
          {sectorIndex !== null && doc.sectors[sectorIndex] && (
            <CounterSectorPanel
              key={doc.sectors[sectorIndex].sectorId}
              number={sectorIndex + 1}
              sector={doc.sectors[sectorIndex]}
              original={originalById.get(doc.sectors[sectorIndex].sectorId) ?? original.sectors[sectorIndex]}
              update={updateSector}
              onChat={onChat}
            />
          )}
        </section>
      </div>
      <div className="offer-editor-actions">
        <Button onClick={onCancel} disabled={saving}>
          {t('offers.actions.cancel')}
        </Button>
        <span className="counter-actions-end">
          <Button onClick={() => setTab(Math.max(0, tab - 1))} disabled={tab === 0}>
            {t('offers.actions.previous')}
          </Button>
          <Button onClick={() => setTab(Math.min(mfn, tab + 1))} disabled={tab === mfn}>
            {t('offers.actions.next')}
          </Button>
          <Button type="primary" loading={saving} onClick={() => onSave(doc)}>
            {t('responses.editor.save')}
          </Button>
        </span>
      </div>
    </div>
  );
}
