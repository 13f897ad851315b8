/**
 * Unsaved work kept in the browser (local storage), one entry per user and offer ('new' for an offer not yet created),
 * so a crash or a lost connection never loses typing. Written debounced by useLocalDraft; cleared after a successful
 * save; on reopening, offered for restore when it differs from the server's copy.
 * A draft belongs to its user: the key holds the user id and nothing is written once the session has ended. A session
 * that ended without the user choosing it (idle logout, refused refresh) keeps the user's drafts, offered again when
 * they sign back in; the "Sign out" of the menu deletes every draft (useLogout), and a different user signing in
 * deletes the drafts of everyone else (SessionBridge), so the next person on the same browser never sees them.
 */
import type { OfferDocument } from '@portal/shared';
import { isSignedIn } from '../../../api/http';
import { sameDocument } from '../document';
import { DRAFT_PREFIX as PREFIX } from './draftKeys';

export { clearAllDrafts, clearOtherUsersDrafts } from './draftKeys';

/** A draft's name: the user's id and what is edited ('new', an offer id, 'counter:<offer id>'); see draftIdFor. */
export type DraftId = string & { readonly __brand: 'DraftId' };

/**
 * The draft of `subject` (an offer id, 'new', 'new-<countryId>', 'counter:<offer id>') of user `userId`.
 * Without a user (the session is ending) nothing is ever written under it.
 */
export const draftIdFor = (userId: string | undefined, subject: string) => `${userId ?? ''}:${subject}` as DraftId;

export interface LocalDraft {
  /** The draft's id (user and offer), the storage key's suffix. */
  offerId: DraftId;
  /** The server revision the draft was started from (0 for a new offer). */
  baseRevision: number;
  savedAt: string;
  doc: OfferDocument;
}

export const draftKey = (draftId: DraftId) => `${PREFIX}${draftId}`;

export function readDraft(offerId: DraftId, storage: Storage = localStorage): LocalDraft | null {
  try {
    const raw = storage.getItem(draftKey(offerId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && draft.doc && Array.isArray(draft.doc.sectors) ? draft : null;
  } catch {
    return null;
  }
}

/**
 * Stores the draft; false when the browser refused (storage full or disabled), so the editor can warn.
 * Once the session has ended nothing is written (the editor unmounting on the way to /login must not leave one).
 */
export function writeDraft(draft: LocalDraft, storage: Storage = localStorage): boolean {
  if (!isSignedIn() || draft.offerId.startsWith(':')) return true;
  try {
    storage.setItem(draftKey(draft.offerId), JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(offerId: DraftId, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(offerId));
  } catch {
    // nothing to clear
  }
}

/** Offers whose editing ended (saved or cancelled): a pending debounced write must not bring the draft back. */
const finished = new Set<DraftId>();

/** Ends the draft of an editing session: cleared now, and later autosave writes of this session are dropped. */
export function finishDraft(offerId: DraftId, storage: Storage = localStorage): void {
  finished.add(offerId);
  clearDraft(offerId, storage);
}

/** A new editing session of the offer: autosave writes are kept again. */
export function resumeDraft(offerId: DraftId): void {
  finished.delete(offerId);
}

export const isDraftFinished = (offerId: DraftId) => finished.has(offerId);

/** The draft worth offering on opening: one that exists and differs from what the server holds. */
export function draftToOffer(
  offerId: DraftId,
  serverDoc: OfferDocument,
  storage: Storage = localStorage,
): LocalDraft | null {
  const draft = readDraft(offerId, storage);
  if (!draft || sameDocument(draft.doc, serverDoc)) return null;
  return draft;
}
