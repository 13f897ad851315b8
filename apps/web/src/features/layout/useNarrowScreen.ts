import { useSyncExternalStore } from 'react';
import { NARROW_BREAKPOINT_PX } from '@portal/shared';
import { assumedNarrow } from '../../app/firstScreen';

const QUERY = `(max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True below the spec's 900 px breakpoint, where the menus collapse into a drawer. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(QUERY).matches, assumedNarrow);
}
