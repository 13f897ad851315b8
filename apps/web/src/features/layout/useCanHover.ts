import { useSyncExternalStore } from 'react';

const QUERY = '(hover: hover)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/**
 * True where the main pointer can hover (a mouse, a trackpad); false on a touch screen, where a tap opens a hover
 * tooltip and nothing closes it. Assumed true before the first paint, as on the desktop screens most users have.
 */
export function useCanHover(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
