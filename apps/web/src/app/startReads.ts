import type { QueryClient } from '@tanstack/react-query';
import type { Profile, WebRoute } from '@portal/shared';
import { http, isSignedIn, partPayload } from '../api/http';
import { STORAGE } from '../api/callHeaders';
import type { StartParts } from './startParts';
import { fetchProfile } from '../api/reference';
import { profileQuery } from '../features/session/useSession';
import { routeParams, SCREEN_START_CALLS, takeEarlyStart } from './startCalls';

/**
 * What a screen waits for before it is usable, asked for as soon as the user's session allows, beside the session's
 * first call (profile/current) rather than after it — or, where the screen has a start call, in that one call with the
 * profile. The screen's guard waits for the profile before it renders the screen, whose own reads would wait one
 * round trip more. The screen's hooks then find them asked (the same query options). `start` is the screen's start
 * call, when it has one.
 */
export type StartReads = (
  params: Record<string, string | undefined>,
  client: QueryClient,
  start?: Promise<StartParts>,
) => void;

/**
 * The reads of each screen, each in a small module of its own: loaded before the screen's code. A screen with a start
 * call (startCalls.ts) is handed its answer.
 */
const START_READS: Partial<Record<WebRoute, () => Promise<StartReads>>> = {
  '/dashboard': () => import('../pages/dashboard/startReads').then((m) => m.dashboardReads),
  '/workspace': () => import('../pages/workspace/startReads').then((m) => m.workspaceReads),
  '/chat': () => import('../pages/chat/startReads').then((m) => m.chatReads),
  '/chat/:id/:version': () => import('../pages/chat/startReads').then((m) => m.chatReads),
  '/offers': () => import('../pages/offers/startReads').then((m) => m.offersReads),
  '/edit-offer/:id': () => import('../pages/offers/startReads').then((m) => m.editOfferReads),
};

/** A start call's parts: the early script's answer when it sent the call (and it was answered), else asked now. */
function startParts(call: string): Promise<StartParts> {
  const early = takeEarlyStart(call, localStorage.getItem(STORAGE.accessToken));
  const ask = () => http.get<StartParts>(call);
  if (!early) return ask();
  return early.then(async (res) => (res.ok ? ((await res.json()) as { payload: StartParts }).payload : ask()), ask);
}

/** The profile a start call carried; asked for on its own when the call had none. */
const profileOf = (parts: StartParts): Promise<Profile> =>
  parts.profile ? Promise.resolve(partPayload<Profile>(parts.profile)) : fetchProfile();

/**
 * Asks for what the screen at `pathname` waits for, when signed in: as the app starts on it (main.tsx through
 * router.tsx startScreen) and as the sign-in goes on to it (TwoFactorPage). With a start call, the profile is taken
 * from it once the screen's reads have been handed their parts, so the screen, rendered only with the profile, finds
 * them there rather than asking for them itself; without the call (offline, an older server), on its own.
 */
export function startReadsFor(pathname: string, client: QueryClient): void {
  if (!isSignedIn()) return;
  for (const [path, load] of Object.entries(START_READS)) {
    const params = routeParams(path, pathname);
    if (!params || !load) continue;
    const call = SCREEN_START_CALLS[path as WebRoute];
    const start = call ? startParts(call(params)) : undefined;
    start?.catch(() => undefined);
    const handed = load()
      .then((reads) => reads(params, client, start))
      .catch(() => undefined);
    if (start)
      void client.prefetchQuery({
        ...profileQuery,
        queryFn: () => handed.then(() => start).then(profileOf, () => fetchProfile()),
      });
    return;
  }
}
