/** Session flag: the page was already reloaded once after a page module failed to load. */
const CHUNK_RELOAD_FLAG = 'portal:chunk-reload';

/**
 * After a deployment the old page modules are gone: reload once per browser session to get the new ones.
 * Returns true when a reload was started, false when it was already tried (the error is then shown).
 */
export function reloadOnceAfterChunkFailure(reload: () => void = () => window.location.reload()): boolean {
  if (sessionStorage.getItem(CHUNK_RELOAD_FLAG)) return false;
  sessionStorage.setItem(CHUNK_RELOAD_FLAG, String(Date.now()));
  reload();
  return true;
}
