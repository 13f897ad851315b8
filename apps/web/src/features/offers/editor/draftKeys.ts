/**
 * Where drafts live in local storage, apart from the draft code (draft.ts): the session bridge, on every page including
 * the first visit, clears them without loading the offer document code.
 */
export const DRAFT_PREFIX = 'offer-draft:';

/** Deletes every user's drafts: the user signed out on purpose, and no one after them may be offered them. */
export function clearAllDrafts(storage: Storage = localStorage): void {
  removeDrafts(() => true, storage);
}

/**
 * Deletes the drafts of every user but `userId` (the one now signed in): the work an earlier user left when the
 * session timed out is theirs alone, and is not kept once someone else uses this browser.
 */
export function clearOtherUsersDrafts(userId: string, storage: Storage = localStorage): void {
  removeDrafts((rest) => !rest.startsWith(`${userId}:`), storage);
}

function removeDrafts(matches: (afterPrefix: string) => boolean, storage: Storage): void {
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (k): k is string => (k?.startsWith(DRAFT_PREFIX) ?? false) && matches(k!.slice(DRAFT_PREFIX.length)),
    );
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    // storage disabled: nothing was kept
  }
}
