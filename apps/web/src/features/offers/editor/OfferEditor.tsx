/**
 * The schedule editor: left tabs (horizontal commitments, one per sector, MFN exemptions), the open tab only, and the
 * wizard's buttons. The document lives here, in one state; panels receive their slice and a stable update function,
 * and every update shares structure (document.ts), so typing in a 150-sector offer re-renders one sector.
 * Unsaved work is kept in a local draft, and leaving with it asks first (useLeaveGuard, as the counter-offer editor).
 */
import { useCallback, useState } from 'react';
import { App, Button, Tooltip } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { findDuplicateSector, type OfferDocument } from '@portal/shared';
import { TextWithCodes } from '../../../components/Bidi';
import { HorizontalTab, MfnTab, type DocumentUpdate } from './HorizontalTab';
import { OfferPreviewModal } from '../view/OfferPreviewModal';
import { EditorActions } from './EditorActions';
import { useStableCallback } from './useLatest';
import { addSector } from '../document';
import type { DraftId, LocalDraft } from './draft';
import type { OfferDocumentMeta } from '../view/OfferDocumentView';
import { isLastTab } from './wizard';
import { ScheduleEditorFrame } from './ScheduleEditorFrame';
import { useScheduleEditor } from './useScheduleEditor';

export interface SaveRequest {
  doc: OfferDocument;
  submit: boolean;
  /** The tab open when saving (the isEdited flag depends on it). */
  tab: number;
}

interface OfferEditorProps {
  /** The server's copy (or the blank template for a new offer). */
  initialDoc: OfferDocument;
  /** The document the editor opens with when it is not the saved one (a schedule file read in): unsaved from the start. */
  startDoc?: OfferDocument;
  /** Local draft of this user and offer (draftIdFor: the offer id, or 'new'). */
  draftId: DraftId;
  baseRevision: number;
  /** A local draft that differs from the server's copy, offered for restore. */
  restorable: LocalDraft | null;
  onDiscardDraft: () => void;
  canSubmit: boolean;
  submitLabel: string;
  /** The title cannot be changed (an offer the secretariat creates for a country: the server names it). */
  nameReadOnly?: boolean;
  meta?: OfferDocumentMeta;
  /** Saves (or submits); resolves when done (the page navigates), rejects after it has shown why. */
  onSave: (request: SaveRequest) => Promise<void>;
  onCancel: (dirty: boolean) => void;
}

export function OfferEditor(props: OfferEditorProps) {
  const {
    initialDoc,
    startDoc,
    draftId,
    baseRevision,
    restorable,
    canSubmit,
    submitLabel,
    nameReadOnly,
    meta,
    onSave,
    onCancel,
    onDiscardDraft,
  } = props;
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const editor = useScheduleEditor({
    initialDoc,
    startDoc,
    draftId,
    baseRevision,
    restorable,
    leave: { content: t('offers.editor.keptInBrowser'), okText: t('offers.editor.leaveOk') },
    withNewSector: addSector,
  });
  const { doc, setDoc, dirty, saving, setSaving, wizard } = editor;
  const { pos, open } = wizard;
  const [previewOpen, setPreviewOpen] = useState(false);
  const updateDoc: DocumentUpdate = useCallback((update) => setDoc(update), [setDoc]);

  const save = async (submit: boolean) => {
    // The server refuses a repeated sector (SECTOR_DUPLICATE); say so here first and open the repeat.
    const duplicate = findDuplicateSector(doc.sectors);
    if (duplicate) {
      open(duplicate.index + 1);
      modal.warning({ title: <TextWithCodes text={t('offers.editor.duplicateSector', { code: duplicate.code })} /> });
      return;
    }
    setSaving(submit ? 'submit' : 'save');
    try {
      await onSave({ doc, submit, tab: pos.tab });
    } catch {
      // The page has said why; the work stays here and in the local draft.
    } finally {
      setSaving(null);
    }
  };
  const onSaveAndExit = useStableCallback(() => void save(false));
  const onCancelClick = useStableCallback(() => onCancel(dirty));
  const confirmSubmit = useStableCallback(() =>
    modal.confirm({
      title: t('offers.editor.submitConfirmTitle'),
      content: t('offers.editor.submitConfirm'),
      okText: submitLabel,
      cancelText: t('offers.actions.back'),
      onOk: () => save(true),
    }),
  );

  const last = isLastTab(pos, doc);
  return (
    <ScheduleEditorFrame
      editor={editor}
      onDiscardDraft={onDiscardDraft}
      tools={
        <Tooltip title={t('offers.preview.open')}>
          <Button icon={<EyeOutlined />} aria-label={t('offers.preview.open')} onClick={() => setPreviewOpen(true)} />
        </Tooltip>
      }
      unsavedLabel={t('offers.editor.unsaved')}
      panelLabel={t('offers.editor.panel')}
      actions={
        <>
          <EditorActions
            atStart={pos.tab === 0 && pos.step === 0}
            last={last}
            canSubmit={canSubmit}
            submitLabel={submitLabel}
            saving={saving}
            onCancel={onCancelClick}
            onSave={onSaveAndExit}
            onPrevious={wizard.goPrevious}
            onNext={wizard.goNext}
            onSubmit={confirmSubmit}
          />
          <OfferPreviewModal open={previewOpen} doc={doc} meta={meta} onClose={() => setPreviewOpen(false)} />
        </>
      }
      firstTab={
        <HorizontalTab
          name={doc.name}
          description={doc.description}
          rows={doc.geenralCommitement}
          nameReadOnly={nameReadOnly}
          update={updateDoc}
        />
      }
      lastTab={<MfnTab rows={doc.geenralCommitementCon} update={updateDoc} />}
    />
  );
}
