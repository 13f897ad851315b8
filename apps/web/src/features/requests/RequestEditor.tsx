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
import { ListAlert } from '../../components/ListAlert';
import { EditorActions } from '../offers/editor/EditorActions';
import type { DraftId, LocalDraft } from '../offers/editor/draft';
import { useStableCallback } from '../offers/editor/useLatest';
import { isLastTab } from '../offers/editor/wizard';
import { ScheduleEditorFrame } from '../offers/editor/ScheduleEditorFrame';
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
  const editor = useScheduleEditor({
    initialDoc,
    draftId,
    baseRevision: 0,
    restorable,
    leave: { content: t('requests.editor.keptInBrowser'), okText: t('offers.editor.leaveOk') },
    withNewSector,
  });
  const { doc, setDoc, dirty, tabs, saving, setSaving, wizard } = editor;
  const { pos, open } = wizard;
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
    <ScheduleEditorFrame
      editor={editor}
      onDiscardDraft={onDiscardDraft}
      notices={
        <>
          {!canSubmit && <Alert type="info" showIcon title={t('requests.editor.draftHint')} />}
          {problems.length > 0 && (
            <ListAlert
              type="error"
              role="alert"
              title={t('requests.editor.problemsTitle')}
              listClassName="request-problems"
              items={problems}
              itemKey={(p) => (p.kind === 'noSector' ? 'none' : p.index)}
              renderItem={(p) =>
                p.kind === 'noSector' ? (
                  t('requests.editor.noSector')
                ) : (
                  <Button type="link" size="small" onClick={() => open(p.index + 1)}>
                    {t('requests.editor.asksNothing', { sector: sectorName(p.index) })}
                  </Button>
                )
              }
            />
          )}
        </>
      }
      unsavedLabel={t('requests.editor.unsaved')}
      edgeLabels={{ first: t('requests.editor.noteTab'), last: t('requests.editor.reviewTab') }}
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
      firstTab={
        <RequestNoteTab
          target={target}
          note={doc.description}
          onNote={(note) => setDoc((d) => ({ ...d, description: note }))}
        />
      }
      lastTab={<RequestReviewTab doc={doc} sectorName={sectorName} onOpen={open} />}
    />
  );
}
