import { useState } from 'react';
import type { OfferDocument } from '@portal/shared';
import { useEditorDraft } from './EditorFrame';
import { useSectorTabs, useTabOrder } from './EditorTabs';
import type { DraftId, LocalDraft } from './draft';
import { useLeaveGuard } from './useLeaveGuard';
import { useEditorWizard } from './useEditorWizard';

interface Options {
  /** The saved document: the editor's copy differs from it once edited (dirty). */
  initialDoc: OfferDocument;
  /** The document the editor opens with when it is not the saved one (a schedule file read in). */
  startDoc?: OfferDocument;
  draftId: DraftId;
  baseRevision: number;
  restorable: LocalDraft | null;
  /** What the leave guard says: the work is kept in this browser, and its button. */
  leave: { content: string; okText: string };
  /** The document with one more sector, blank (an offer's or a request's). */
  withNewSector: (doc: OfferDocument, sectorId: string) => OfferDocument;
}

/**
 * The state both schedule editors share (OfferEditor, RequestEditor): the document, whether it differs from the saved
 * one, its local draft, the leave guard (links, the back button and closing the tab ask first; the work stays in the
 * local draft either way), the tabs, Next and Previous following the grouped list on screen (not the stored order),
 * and the save in progress.
 */
export function useScheduleEditor({
  initialDoc,
  startDoc,
  draftId,
  baseRevision,
  restorable,
  leave,
  withNewSector,
}: Options) {
  const [doc, setDoc] = useState(startDoc ?? initialDoc);
  const [ungrouped, setUngrouped] = useState(false);
  const [saving, setSaving] = useState<'save' | 'submit' | null>(null);
  const dirty = doc !== initialDoc;
  const draft = useEditorDraft({ draftId, baseRevision, doc, dirty, restorable });
  useLeaveGuard({ dirty, draftId, ...leave });
  const tabs = useSectorTabs(doc.sectors);
  const order = useTabOrder(tabs, ungrouped);
  const wizard = useEditorWizard({ doc, setDoc, order, withNewSector });
  return { doc, setDoc, dirty, draft, tabs, ungrouped, setUngrouped, saving, setSaving, wizard };
}

/** What useScheduleEditor gives its editor. */
export type ScheduleEditor = ReturnType<typeof useScheduleEditor>;
