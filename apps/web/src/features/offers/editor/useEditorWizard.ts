import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { OfferDocument, Sector } from '@portal/shared';
import { newSectorId, removeSector, updateSectorAt } from '../document';
import { useStableCallback } from './useLatest';
import { next, openTab, positionOfNewSector, previous, sectorIndexOf, sectorOf, type WizardPosition } from './wizard';

/**
 * Where an editor of an offer-shaped document stands (tab, step) and how it moves: open a tab, add or remove a
 * sector, the two steps of a sector, Next and Previous in the order on screen, and whether the required field of the
 * current step is to be shown. Shared by the offer editor and the request editor.
 */
export function useEditorWizard({
  doc,
  setDoc,
  order,
  withNewSector,
}: {
  doc: OfferDocument;
  setDoc: Dispatch<SetStateAction<OfferDocument>>;
  /** The sector tabs in the order on screen (grouped or not). */
  order: number[];
  /** The document with one more, blank sector of this id at the end. */
  withNewSector: (doc: OfferDocument, sectorId: string) => OfferDocument;
}) {
  const [pos, setPos] = useState<WizardPosition>({ tab: 0, step: 0 });
  const [showRequired, setShowRequired] = useState(false);
  const sectorIndex = sectorIndexOf(pos, doc);
  const sector = sectorOf(pos, doc);
  // Tab changes read the latest document through a ref, so the 150-tab list gets stable callbacks.
  const docRef = useRef(doc);
  docRef.current = doc;
  const addRef = useRef(withNewSector);
  addRef.current = withNewSector;

  const updateSector = useCallback(
    (update: (s: Sector) => Sector) => setDoc((d) => updateSectorAt(d, sectorIndex, update)),
    [sectorIndex, setDoc],
  );
  const open = useCallback((tab: number) => {
    setShowRequired(false);
    setPos(openTab(tab, docRef.current));
  }, []);
  const onAddSector = useCallback(() => {
    setShowRequired(false);
    const added = addRef.current(docRef.current, newSectorId());
    setDoc(added);
    setPos(positionOfNewSector(added));
  }, [setDoc]);
  const onRemoveSector = useCallback(() => {
    if (sectorIndex === null) return;
    setDoc((d) => removeSector(d, sectorIndex));
    setPos({ tab: Math.max(0, sectorIndex), step: 0 });
  }, [sectorIndex, setDoc]);
  const onStep = useStableCallback((step: 0 | 1) => {
    if (step === 1 && sector && sector.services.length === 0) {
      setShowRequired(true);
      return;
    }
    setPos((p) => ({ ...p, step }));
  });
  const goNext = useStableCallback(() => {
    const move = next(pos, doc, order);
    if (!move.ok) {
      setShowRequired(true);
      return;
    }
    setShowRequired(false);
    setPos(move.position);
  });
  const goPrevious = useStableCallback(() => {
    setShowRequired(false);
    setPos(previous(pos, doc, order));
  });
  return {
    pos,
    setPos,
    sectorIndex,
    /** The sector of the open tab (at sectorIndex), or undefined on the horizontal and MFN tabs. */
    sector,
    showRequired,
    updateSector,
    open,
    onAddSector,
    onRemoveSector,
    onStep,
    goNext,
    goPrevious,
  };
}
