/**
 * The frame both schedule editors share (the offer editor and the counter-offer editor): the unsaved work kept in the
 * browser while editing, the banner offering an earlier visit's unsaved work back, the warning when the browser cannot
 * keep it, a toolbar, the tabs at the start side, the open tab's panel, and the buttons underneath. Each editor brings
 * its own document rules, toolbar, panels and buttons.
 */
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferDocument } from '@portal/shared';
import { DraftRestoreBanner } from './DraftRestoreBanner';
import { EditorTabs } from './EditorTabs';
import type { DraftId, LocalDraft } from './draft';
import { useLocalDraft } from './useLocalDraft';
import '../offers.css';

export interface EditorDraft {
  /** The server revision being edited. */
  baseRevision: number;
  /** False once the browser refused to keep the unsaved work. */
  stored: boolean;
  /** An earlier visit's unsaved work, until it is restored or discarded. */
  pending: LocalDraft | null;
  /** Changes when a draft is restored, so the open panel remounts and its fields show the restored text. */
  restoredKey: number;
  settle: (restored: boolean) => void;
}

/** Keeps the document in the browser while it has unsaved changes, and holds the earlier visit's draft on offer. */
export function useEditorDraft({
  draftId,
  baseRevision,
  doc,
  dirty,
  restorable,
}: {
  draftId: DraftId;
  baseRevision: number;
  doc: OfferDocument;
  dirty: boolean;
  restorable: LocalDraft | null;
}): EditorDraft {
  const [pending, setPending] = useState(restorable);
  const [restoredKey, setRestoredKey] = useState(0);
  const stored = useLocalDraft(draftId, baseRevision, doc, dirty);
  return {
    baseRevision,
    stored,
    pending,
    restoredKey,
    settle: (restored) => {
      if (restored) setRestoredKey((n) => n + 1);
      setPending(null);
    },
  };
}

interface Props {
  draft: EditorDraft;
  /** Put the earlier visit's document back in the editor. */
  onRestore: (draft: LocalDraft) => void;
  /** Forget the earlier visit's document. */
  onDiscard: () => void;
  /** Notices under the draft warnings (e.g. "saving makes a draft the chief negotiator sends"). */
  notices?: ReactNode;
  toolbar: ReactNode;
  tabs: ComponentProps<typeof EditorTabs>;
  /** The accessible name of the open tab's panel. */
  panelLabel: string;
  /** The open tab's panel. */
  children: ReactNode;
  actions: ReactNode;
}

export function EditorFrame({
  draft,
  onRestore,
  onDiscard,
  notices,
  toolbar,
  tabs,
  panelLabel,
  children,
  actions,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="offer-editor">
      {draft.pending && (
        <DraftRestoreBanner
          draft={draft.pending}
          baseRevision={draft.baseRevision}
          onRestore={(earlier) => {
            onRestore(earlier);
            draft.settle(true);
          }}
          onDiscard={() => {
            onDiscard();
            draft.settle(false);
          }}
        />
      )}
      {!draft.stored && <Alert type="warning" showIcon title={t('offers.draft.notStored')} />}
      {notices}
      <div className="offer-editor-toolbar">{toolbar}</div>
      <div className="offer-editor-body">
        <EditorTabs {...tabs} />
        <section key={draft.restoredKey} className="offer-editor-panel" aria-label={panelLabel}>
          {children}
        </section>
      </div>
      {actions}
    </div>
  );
}
