/**
 * The counter-offer screen's body: the offer answered with its tabs (horizontal commitments, one per sector, MFN
 * exemptions). Only the mode-of-supply entries of the sectors are editable; the document lives here in one state.
 * Unsaved work is kept in a local draft (as in the offer editor) and leaving with it asks first.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { sectorOrder, type OfferDocument, type Sector } from '@portal/shared';
import { EditorFrame, useEditorDraft } from '../offers/editor/EditorFrame';
import { useSectorTabs, useTabOrder } from '../offers/editor/EditorTabs';
import { HorizontalTab, MfnTab } from '../offers/editor/HorizontalTab';
import { updateSectorAt } from '../offers/document';
import { clearDraft, type DraftId, type LocalDraft } from '../offers/editor/draft';
import { useLeaveGuard } from '../offers/editor/useLeaveGuard';
import { useStableCallback } from '../offers/editor/useLatest';
import { CounterSectorPanel } from './CounterSectorPanel';
import { countChanges } from './counterEntry';
import './responses.css';

const noop = () => undefined;

interface Props {
  original: OfferDocument;
  /** Local draft of this user and counter offer. */
  draftId: DraftId;
  /** The version answered (a draft of another version is not offered). */
  baseRevision: number;
  /** A local draft of an earlier visit, offered for restore. */
  restorable: LocalDraft | null;
  onDiscardDraft: () => void;
  saving: boolean;
  /**
   * Whether the user sends the counter offer in the country's name (the chief negotiator); otherwise saving makes a
   * draft the chief negotiator sends (maySendCounterOffer in packages/shared).
   */
  maySend: boolean;
  /** The country whose offer is answered, in the interface language (named when asking before sending). */
  offerCountry: string;
  onSave: (doc: OfferDocument) => void;
  /** Cancel: the page discards the changes (asking first when there are some) and leaves. */
  onCancel: (dirty: boolean) => void;
  onChat: () => void;
}

export function CounterOfferEditor({
  original,
  draftId,
  baseRevision,
  restorable,
  onDiscardDraft,
  saving,
  maySend,
  offerCountry,
  onSave,
  onCancel,
  onChat,
}: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [doc, setDoc] = useState(original);
  const [tab, setTab] = useState(0);
  const [ungrouped, setUngrouped] = useState(false);
  const tabs = useSectorTabs(doc.sectors);
  // Next and Previous follow the grouped list on screen, not the stored order.
  const order = useTabOrder(tabs, ungrouped);
  const step = (by: 1 | -1) => setTab(order[Math.max(0, Math.min(order.length - 1, order.indexOf(tab) + by))] ?? tab);
  const mfn = doc.sectors.length + 1;
  const sectorIndex = tab >= 1 && tab < mfn ? tab - 1 : null;
  const changes = useMemo(() => countChanges(doc), [doc]);
  // An entry brought back to the original loses its flags: no changed entry is no unsaved work.
  const dirty = changes > 0;
  const draft = useEditorDraft({ draftId, baseRevision, doc, dirty, restorable });
  // Every change reset by hand: the draft written before must not be offered on coming back.
  const pending = draft.pending;
  useEffect(() => {
    if (!dirty && doc !== original && !pending) clearDraft(draftId);
  }, [dirty, doc, original, pending, draftId]);
  const { allowLeaving } = useLeaveGuard({
    dirty,
    draftId,
    content: t('responses.editor.keptInBrowser'),
    okText: t('responses.editor.leaveOk'),
  });
  // Chat opens in this tab: the work stays in the local draft, restored on coming back.
  const chat = useStableCallback(() => {
    const go = () => {
      allowLeaving();
      onChat();
    };
    if (!dirty) return go();
    modal.confirm({
      title: t('responses.editor.chatTitle'),
      content: t('responses.editor.keptInBrowser'),
      okText: t('responses.editor.chatOk'),
      cancelText: t('offers.editor.keepEditing'),
      onOk: go,
    });
  });
  const originalById = useMemo(() => new Map(original.sectors.map((s) => [s.sectorId, s])), [original]);

  const updateSector = useCallback(
    (update: (s: Sector) => Sector) => setDoc((d) => updateSectorAt(d, sectorIndex, update)),
    [sectorIndex],
  );
  // Sending is seen by the other country at once and cannot be taken back: ask first, naming the country and the
  // number of changes. A counter offer that changes nothing is allowed, but rarely meant: that is asked instead.
  // A focal point's draft reaches no one until the chief negotiator sends it (SendCounterOfferButton asks then).
  const save = useStableCallback(() => {
    if (changes === 0)
      return modal.confirm({
        title: t('workflow.counter.noChangeTitle'),
        content: maySend
          ? t('workflow.counter.noChange', { country: offerCountry })
          : t('workflow.counter.noChangeDraft'),
        okText: t('workflow.counter.noChangeOk'),
        cancelText: t('offers.editor.keepEditing'),
        onOk: () => onSave(doc),
      });
    if (!maySend) return onSave(doc);
    modal.confirm({
      title: t('workflow.counter.sendConfirmTitle'),
      content: t('workflow.counter.sendConfirm', { country: offerCountry, count: changes }),
      okText: t('workflow.counter.send'),
      cancelText: t('offers.editor.keepEditing'),
      onOk: () => onSave(doc),
    });
  });
  const sector = sectorIndex === null ? undefined : doc.sectors[sectorIndex];
  // The open sector as the offer had it: found by id, else the one at the same place.
  const originalSector =
    sectorIndex === null || !sector ? undefined : (originalById.get(sector.sectorId) ?? original.sectors[sectorIndex]);
  const changedSectors = sectorOrder(doc.sectors)
    .map((i) => ({ s: doc.sectors[i]!, i }))
    .filter(({ s }) => s.changed);

  return (
    <EditorFrame
      draft={draft}
      onRestore={(earlier) => setDoc(earlier.doc)}
      onDiscard={onDiscardDraft}
      notices={!maySend && <Alert type="info" showIcon title={t('workflow.counter.draftHint')} />}
      toolbar={
        <>
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
        </>
      }
      tabs={{
        tabs,
        activeTab: tab,
        ungrouped,
        readOnly: true,
        onOpen: setTab,
        onAddSector: noop,
        onUngroup: setUngrouped,
      }}
      panelLabel={t('responses.editor.panel')}
      actions={
        <div className="offer-editor-actions">
          <Button onClick={() => onCancel(dirty)} disabled={saving}>
            {t('offers.actions.cancel')}
          </Button>
          <span className="counter-actions-end">
            <Button onClick={() => step(-1)} disabled={tab === 0}>
              {t('offers.actions.previous')}
            </Button>
            <Button onClick={() => step(1)} disabled={tab === mfn}>
              {t('offers.actions.next')}
            </Button>
            <Button type="primary" loading={saving} onClick={save}>
              {maySend ? t('workflow.counter.send') : t('workflow.counter.saveDraft')}
            </Button>
          </span>
        </div>
      }
    >
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
      {sectorIndex !== null && sector && originalSector && (
        <CounterSectorPanel
          key={sector.sectorId}
          number={sectorIndex + 1}
          sector={sector}
          original={originalSector}
          update={updateSector}
          onChat={chat}
        />
      )}
    </EditorFrame>
  );
}
