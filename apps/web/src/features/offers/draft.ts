/**
 * Unsaved work kept in the browser (local storage), one entry per offer ('new' for an offer not yet created), so a
 * crash, a lost connection or the idle logout never loses typing. Written debounced by useLocalDraft; cleared after
 * a successful save; on reopening, offered for restore when it differs from the server's copy.
 */
import type { OfferDocument } from '@portal/shared';
import { sameDocument } from './document';

const PREFIX = 'offer-draft:';

export interface LocalDraft {
  offerId: string;
  /** The server revision the draft was started from (0 for a new offer). */
  baseRevision: number;
  savedAt: string;
  doc: OfferDocument;
}

export const draftKey = (offerId: string) => `${PREFIX}${offerId}`;

export function readDraft(offerId: string, storage: Storage = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(draftKey(offerId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && draft.doc && Array.isArray(draft.doc.sectors) ? draft : null;
  } catch {
    return null;
  }
}

/** Stores the draft; false when the browser refused (storage full or disabled), so the editor can warn. */
export function writeDraft(draft: LocalDraft, storage: Storage = localStorage): boolean {
  try {
    storage.setItem(draftKey(draft.offerId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(offerId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(offerId));
  } catch {
    // nothing to clear
  }
}

/** Offers whose editing ended (saved or cancelled): a pending debounced write must not bring the draft back. */
const finished = new Set<string>();

/** Ends the draft of an editing session: cleared now, and later autosave writes of this session are dropped. */
export function finishDraft(offerId: string, storage: Storage = localStorage): void {
  finished.add(offerId);
  clearDraft(offerId, storage);
}

/** A new editing session of the offer: autosave writes are kept again. */
export function resumeDraft(offerId: string): void {
  finished.delete(offerId);
}

export const isDraftFinished = (offerId: string) => finished.has(offerId);

/** The draft worth offering on opening: one that exists and differs from what the server holds. */
export function draftToOffer(offerId: string, serverDoc: OfferDocument, storage: Storage = localStorage): LocalDraft | null {
  const draft = readDraft(offerId, storage);
  if (!draft || sameDocument(draft.doc, serverDoc)) return null;
  return draft;
}
