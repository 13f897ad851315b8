/**
 * Where drafts live in local storage, apart from the draft code (draft.ts): the session bridge, on every page including
 * the first visit, clears them without loading the offer document code.
 */
export const DRAFT_PREFIX = 'offer-draft:';

/** Deletes every user's drafts: the session ended, and no one after it may be offered them. */
export function clearAllDrafts(storage: Storage = localStorage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => k?.startsWith(DRAFT_PREFIX) ?? false,
    );
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    // storage disabled: nothing was kept
  }
}
