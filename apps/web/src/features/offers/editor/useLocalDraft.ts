import { useEffect, useRef, useState } from 'react';
import type { OfferDocument } from '@portal/shared';
import { isDraftFinished, resumeDraft, writeDraft, type DraftId } from './draft';

/** Delay after the last change before the draft is written (a 150-sector offer is about 1 MB of JSON). */
const DRAFT_DELAY_MS = 600;

/**
 * Writes the document being edited to local storage, debounced, while `enabled` (the user changed something).
 * Also writes at once when the page is hidden or closed, or the editor unmounts, so killing the tab loses at most the
 * last instant (but not once the session has ended: writeDraft keeps nothing then).
 * Returns false once the browser refused to store it.
 */
export function useLocalDraft(offerId: DraftId, baseRevision: number, doc: OfferDocument, enabled: boolean): boolean {
  const [stored, setStored] = useState(true);
  const latest = useRef({ offerId, baseRevision, doc, enabled });
  latest.current = { offerId, baseRevision, doc, enabled };

  useEffect(() => resumeDraft(offerId), [offerId]);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setTimeout(() => {
      if (isDraftFinished(offerId)) return;
      setStored(writeDraft({ offerId, baseRevision, doc, savedAt: new Date().toISOString() }));
    }, DRAFT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [offerId, baseRevision, doc, enabled]);

  useEffect(() => {
    const flush = () => {
      const l = latest.current;
      if (l.enabled && !isDraftFinished(l.offerId))
        writeDraft({ offerId: l.offerId, baseRevision: l.baseRevision, doc: l.doc, savedAt: new Date().toISOString() });
    };
    const onVisibility = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the editor inside the app (Chat, a menu link) without saving: the last changes are kept too.
      flush();
    };
  }, []);

  return stored;
}
