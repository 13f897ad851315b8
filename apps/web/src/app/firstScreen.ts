/**
 * The first screen rendered by the server (app/renderFirstScreen.tsx renders it, main.tsx hydrates it).
 * What the server could not know about the browser — the session (kept in local storage), the screen's width, the
 * connection — is taken as it assumed while the HTML is hydrated; the hooks that read them give these values as their
 * server snapshot, then re-render with the browser's own.
 */
import { FIRST_SCREEN_STATE_ID, type FirstScreenState } from '@portal/shared';

let narrowAssumed = false;

/** The width class the HTML was rendered for (the server guesses it from the browser's mobile hint). */
export const assumedNarrow = (): boolean => narrowAssumed;
/** Signed out: the server never sees the session. */
export const assumedSignedIn = (): boolean => false;
/** Online: it was just fetched. */
export const assumedOnline = (): boolean => true;

export function assumeForFirstScreen(state: Pick<FirstScreenState, 'narrow'>): void {
  narrowAssumed = state.narrow;
}

/** The state the server rendered the page's HTML from, if it did (else the root is empty and the app renders). */
export function readFirstScreen(): FirstScreenState | null {
  const element = document.getElementById(FIRST_SCREEN_STATE_ID);
  const root = document.getElementById('root');
  if (!element?.textContent || !root?.firstElementChild) return null;
  try {
    return JSON.parse(element.textContent) as FirstScreenState;
  } catch {
    return null;
  }
}
