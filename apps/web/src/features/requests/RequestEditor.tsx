/**
 * The request editor (/request-offer/{id}): the offer editor's frame, tabs, sector panels and buttons, on a request
 * held as an offer document (requestDocument.ts). Tab 0 is the covering note, tabs 1..n the sectors asked for (step 1
 * chooses the service, step 2 the commitment asked, in an offer's entry shape), the last tab reviews the request and
 * holds the final button, 'Submit request' (the spec's screens), for the chief negotiator; everyone may 'Save draft'.
 */
import { useState, type ReactNode } from 'react';
import { Alert, App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { LazyViewGatsButton } from '../gats/LazyViewGatsButton';
import { EditorActions } from '../offers/editor/EditorActions';
import { EditorFrame } from '../offers/editor/EditorFrame';
import { SectorPanel } from '../offers/editor/SectorPanel';
import type { DraftId, LocalDraft } from '../offers/editor/draft';
import { useStableCallback } from '../offers/editor/useLatest';
import { isLastTab, mfnTab } from '../offers/editor/wizard';
import { useScheduleEditor } from '../offers/editor/useScheduleEditor';
import { RequestNoteTab, RequestReviewTab } from './RequestTabs';
import { blankRequestSector, requestProblems, type RequestProblem } from './requestDocument';
import './requests.css';

interface Props {
  initialDoc: OfferDocument;
  draftId: DraftId;
  /** Unsaved work of an earlier visit, offered for restore. */
  restorable: LocalDraft | null;
  onDiscardDraft: () => void;
  /** The chief negotiator sends; a focal point saves drafts. */
  canSubmit: boolean;
  /** What is asked of: the offer and its country, shown on the note tab. */
  target: ReactNode;
  /** Saves (submit: sends); resolves when done (the page navigates), rejects after it has shown why. */
  onSave: (doc: OfferDocument, submit: boolean) => Promise<void>;
  onCancel: (dirty: boolean) => void;
}

/** The request with one more sector to ask for, blank. */
const withNewSector = (doc: OfferDocument, sectorId: string): OfferDocument => ({
  ...doc,
  sectors: [...doc.sectors, blankRequestSector(sectorId)],
});

export function RequestEditor({
  initialDoc,
  draftId,
  restorable,
  onDiscardDraft,
  canSubmit,
  target,
  onSave,
  onCancel,
}: Props) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { doc, setDoc, dirty, draft, tabs, ungrouped, setUngrouped, saving, setSaving, wizard } = useScheduleEditor({
    initialDoc,
    draftId,
    baseRevision: 0,
    restorable,
    leave: { content: t('requests.editor.keptInBrowser'), okText: t('offers.editor.leaveOk') },
    withNewSector,
  });
  const { pos, sectorIndex, sector, open } = wizard;
  // Once a save was refused, the problems follow the document: each goes away as it is fixed.
  const [checked, setChecked] = useState(false);
  const problems: RequestProblem[] = checked ? requestProblems(doc) : [];

  const save = async (submit: boolean) => {
    setChecked(true);
    if (requestProblems(doc).length > 0) return;
    setSaving(submit ? 'submit' : 'save');
    try {
      await onSave(doc, submit);
    } catch {
      // The page has said why; the work stays here and in the local draft.
    } finally {
      setSaving(null);
    }
  };
  const onSaveDraft = useStableCallback(() => void save(false));
  const onCancelClick = useStableCallback(() => onCancel(dirty));
  const confirmSubmit = useStableCallback(() => {
    setChecked(true);
    if (requestProblems(doc).length > 0) return;
    modal.confirm({
      title: t('requests.editor.submitConfirmTitle'),
      content: t('requests.editor.submitConfirm'),
      okText: t('requests.editor.submit'),
      cancelText: t('offers.actions.back'),
      onOk: () => save(true),
    });
  });
  const sectorName = (index: number) => tabs[index]?.title ?? t('offers.tabs.newSector', { number: index + 1 });

  return (
    <EditorFrame
      draft={draft}
      onRestore={(earlier) => {
        setDoc(earlier.doc);
        wizard.setPos({ tab: 0, step: 0 });
      }}
      onDiscard={onDiscardDraft}
      notices={
        <>
          {!canSubmit && <Alert type="info" showIcon title={t('requests.editor.draftHint')} />}
          {problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={t('requests.editor.problemsTitle')}
              description={
                <ul className="request-problems">
                  {problems.map((p) =>
                    p.kind === 'noSector' ? (
                      <li key="none">{t('requests.editor.noSector')}</li>
                    ) : (
                      <li key={p.index}>
                        <Button type="link" size="small" onClick={() => open(p.index + 1)}>
                          {t('requests.editor.asksNothing', { sector: sectorName(p.index) })}
                        </Button>
                      </li>
                    ),
                  )}
                </ul>
              }
            />
          )}
        </>
      }
      toolbar={
        <>
          <LazyViewGatsButton services={sector?.codes ?? []} />
          <span className="offer-editor-status" aria-live="polite">
            {dirty ? t('requests.editor.unsaved') : t('offers.editor.noChanges')}
          </span>
        </>
      }
      tabs={{
        tabs,
        activeTab: pos.tab,
        ungrouped,
        edgeLabels: { first: t('requests.editor.noteTab'), last: t('requests.editor.reviewTab') },
        onOpen: open,
        onAddSector: wizard.onAddSector,
        onUngroup: setUngrouped,
      }}
      panelLabel={t('requests.editor.panel')}
      actions={
        <EditorActions
          atStart={pos.tab === 0 && pos.step === 0}
          last={isLastTab(pos, doc)}
          canSubmit={canSubmit}
          submitLabel={t('requests.editor.submit')}
          saveLabel={t('requests.editor.saveDraft')}
          saving={saving}
          onCancel={onCancelClick}
          onSave={onSaveDraft}
          onPrevious={wizard.goPrevious}
          onNext={wizard.goNext}
          onSubmit={confirmSubmit}
        />
      }
    >
      {pos.tab === 0 && (
        <RequestNoteTab
          target={target}
          note={doc.description}
          onNote={(note) => setDoc((d) => ({ ...d, description: note }))}
        />
      )}
      {sectorIndex !== null && sector && (
        <SectorPanel
          key={sector.sectorId}
          number={sectorIndex + 1}
          sector={sector}
          step={pos.step}
          showRequired={wizard.showRequired}
          update={wizard.updateSector}
          onStep={wizard.onStep}
          onRemove={wizard.onRemoveSector}
        />
      )}
      {pos.tab === mfnTab(doc) && <RequestReviewTab doc={doc} sectorName={sectorName} onOpen={open} />}
    </EditorFrame>
  );
}
