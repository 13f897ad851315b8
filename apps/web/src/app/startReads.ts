import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { WebRoute } from '@portal/shared';
import { isSignedIn } from '../api/http';

/**
 * What a screen waits for before it is usable, asked for as soon as the user's session allows, beside the session's
 * first call (profile/current) rather than after it: the screen's guard waits for that call before it renders the
 * screen, whose own reads would wait one round trip more. The screen's hooks then find them asked (the same query
 * options). The server answers each read for this user as it would the screen's own.
 */
export type StartReads = (params: Record<string, string | undefined>, client: QueryClient) => void;

/** The screens that have start reads, each in a small module of its own: loaded before the screen's code. */
const START_READS: Partial<Record<WebRoute, () => Promise<StartReads>>> = {
  '/dashboard': () => import('../pages/dashboard/startReads').then((m) => m.dashboardReads),
  '/edit-offer/:id': () => import('../pages/offers/startReads').then((m) => m.editOfferReads),
};

/**
 * Asks for what the screen at `pathname` waits for, when signed in: as the app starts on it (main.tsx through
 * router.tsx startScreen) and as the sign-in goes on to it (TwoFactorPage).
 */
export function startReadsFor(pathname: string, client: QueryClient): void {
  if (!isSignedIn()) return;
  for (const [path, load] of Object.entries(START_READS)) {
    const match = matchPath(path, pathname);
    if (!match || !load) continue;
    void load()
      .then((reads) => reads(match.params, client))
      .catch(() => undefined);
    return;
  }
}
