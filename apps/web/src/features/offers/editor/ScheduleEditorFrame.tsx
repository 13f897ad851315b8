import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyViewGatsButton } from '../../gats/LazyViewGatsButton';
import { EditorFrame } from './EditorFrame';
import type { EditorTabs } from './EditorTabs';
import { SectorPanel } from './SectorPanel';
import type { ScheduleEditor } from './useScheduleEditor';
import { mfnTab } from './wizard';

interface Props {
  /** The state useScheduleEditor keeps. */
  editor: ScheduleEditor;
  /** Forget the earlier visit's document. */
  onDiscardDraft: () => void;
  /** Notices above the toolbar. */
  notices?: ReactNode;
  /** The editor's own buttons, before the GATS schedule's. */
  tools?: ReactNode;
  /** What the toolbar says while there is unsaved work. */
  unsavedLabel: string;
  /** The first and last tabs' names when they are not the horizontal commitments and the MFN exemptions. */
  edgeLabels?: ComponentProps<typeof EditorTabs>['edgeLabels'];
  /** The accessible name of the open tab's panel. */
  panelLabel: string;
  /** The first tab's panel (the offer's horizontal commitments, the request's note). */
  firstTab: ReactNode;
  /** The last tab's panel (the MFN exemptions, the request's review). */
  lastTab: ReactNode;
  actions: ReactNode;
}

/**
 * The frame of the two schedule editors (OfferEditor, RequestEditor) over useScheduleEditor's state: restoring an
 * earlier visit's work reopens the first tab; the toolbar ends with the open sector's GATS schedule and whether there is
 * unsaved work; the tabs follow the wizard; a sector tab shows its sector panel. Each editor brings its first and last
 * tabs, its notices, its own toolbar buttons and the buttons underneath.
 */
export function ScheduleEditorFrame({
  editor,
  onDiscardDraft,
  notices,
  tools,
  unsavedLabel,
  edgeLabels,
  panelLabel,
  firstTab,
  lastTab,
  actions,
}: Props) {
  const { t } = useTranslation();
  const { doc, setDoc, dirty, draft, tabs, ungrouped, setUngrouped, wizard } = editor;
  const { pos, sectorIndex, sector } = wizard;
  return (
    <EditorFrame
      draft={draft}
      onRestore={(earlier) => {
        setDoc(earlier.doc);
        wizard.setPos({ tab: 0, step: 0 });
      }}
      onDiscard={onDiscardDraft}
      notices={notices}
      toolbar={
        <>
          {tools}
          <LazyViewGatsButton services={sector?.codes ?? []} />
          <span className="offer-editor-status" aria-live="polite">
            {dirty ? unsavedLabel : t('offers.editor.noChanges')}
          </span>
        </>
      }
      tabs={{
        tabs,
        activeTab: pos.tab,
        ungrouped,
        ...(edgeLabels && { edgeLabels }),
        onOpen: wizard.open,
        onAddSector: wizard.onAddSector,
        onUngroup: setUngrouped,
      }}
      panelLabel={panelLabel}
      actions={actions}
    >
      {pos.tab === 0 && firstTab}
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
      {pos.tab === mfnTab(doc) && lastTab}
    </EditorFrame>
  );
}
