/**
 * The screens whose start is one call (the user's profile among its parts), and the early start: the script
 * /early-start.js (app/earlyStart.ts), which runs before the app's own, sends that call for the address being opened,
 * and the app takes its answer instead of sending the call again (app/startReads.ts). Type imports only: the early
 * script is built alone and must stay a few hundred bytes.
 */
import type { WebRoute } from '@portal/shared';

type Params = Record<string, string | undefined>;

/** Each screen's start call, from its route's parameters. */
export const SCREEN_START_CALLS: Partial<Record<WebRoute, (params: Params) => string>> = {
  '/dashboard': () => '/dashboard/start',
  '/workspace': () => '/coverage/start',
  '/chat': () => '/chats/start',
  '/chat/:id/:version': () => '/chats/start',
  '/offers': () => '/offers/start',
  '/edit-offer/:id': ({ id }) => `/offers/${encodeURIComponent(id ?? '')}/editor`,
};

/**
 * The parameters of `pathname` on `route` (its `:name` segments), or null when it is not that route. As the router
 * matches: a trailing slash is allowed and fixed segments ignore case.
 */
export function routeParams(route: string, pathname: string): Params | null {
  const want = route.split('/');
  const have = pathname.replace(/(.)\/$/, '$1').split('/');
  if (want.length !== have.length) return null;
  const params: Params = {};
  for (const [i, segment] of want.entries()) {
    const value = have[i] ?? '';
    if (segment.startsWith(':')) {
      if (!value) return null;
      try {
        params[segment.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (segment.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** The start call of the screen at `pathname`, when it has one. */
export function startCallOf(pathname: string): string | undefined {
  for (const [route, call] of Object.entries(SCREEN_START_CALLS)) {
    const params = routeParams(route, pathname);
    if (params && call) return call(params);
  }
  return undefined;
}

interface EarlyStart {
  call: string;
  /** The access token it was sent with: the answer is the data of that session only. */
  token: string;
  answer: Promise<Response>;
}
const EARLY_START = '__portalEarlyStart';
type EarlyWindow = Window & { [EARLY_START]?: EarlyStart };

/** Sent by the early script with the session's access token: the answer to come of `call`, for the app to take. */
export function leaveEarlyStart(call: string, token: string, answer: Promise<Response>): void {
  answer.catch(() => undefined);
  (window as EarlyWindow)[EARLY_START] = { call, token, answer };
}

/**
 * The answer of `call` when the early script sent it in the session whose access token is `token` (taken once: a later
 * visit of the screen asks again). An answer left for another session — signed out and in again in the same page
 * before the app took it — is never given: it holds the other user's data.
 */
export function takeEarlyStart(call: string, token: string | null): Promise<Response> | undefined {
  const early = (window as EarlyWindow)[EARLY_START];
  delete (window as EarlyWindow)[EARLY_START];
  return early?.call === call && early.token === token ? early.answer : undefined;
}
