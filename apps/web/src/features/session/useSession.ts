/** The signed-in user, as the rest of the app sees it. Server state lives in TanStack Query. */
import { useCallback, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  HOME_DEFAULT_COLOURS,
  IDLE_COUNTDOWN_SECONDS,
  IDLE_TIMEOUT_MS,
  REGION_NAME,
  type ClientConfig,
  type Profile,
  accessibleColours,
  focusColour,
  type HomeColours,
} from '@portal/shared';
import { isSignedIn, signOut, subscribeSession } from '../../api/http';
import { clearAllDrafts } from '../offers/editor/draftKeys';
import {
  CLIENT_CONFIG_READ,
  HOME_SETTINGS_READ,
  fetchClientConfig,
  fetchHomeSettings,
  fetchProfile,
} from '../../api/reference';
import type { SessionState } from '../../app/guard';
import { assumedSignedIn } from '../../app/firstScreen';

export const PROFILE_KEY = ['profile', 'current'] as const;

/** Where the session code sends a user whose session ended (logout, idle logout, refused refresh, failed profile). */
export const SIGN_IN_PATH = '/login';

/** True while a session exists (tokens kept), re-rendering when it starts or ends. */
export function useSignedIn(): boolean {
  return useSyncExternalStore(subscribeSession, isSignedIn, assumedSignedIn);
}

/** The current user's profile, read once per session (a screen's start call may bring it: app/startReads.ts). */
export const profileQuery = queryOptions({
  queryKey: PROFILE_KEY,
  queryFn: ({ signal }) => fetchProfile(signal),
  staleTime: 5 * 60_000,
  retry: false,
});

/** The current user's profile, loaded once per session. */
export function useProfile() {
  const signedIn = useSignedIn();
  return useQuery({ ...profileQuery, enabled: signedIn });
}

/** What the route guard needs: anonymous, loading, or signed in with a role. */
export function useSession(): SessionState & { profile?: Profile } {
  const signedIn = useSignedIn();
  const { data, isError } = useProfile();
  if (!signedIn || isError) return { status: 'anonymous' };
  if (!data) return { status: 'loading' };
  return { status: 'signedIn', role: data.role, profile: data };
}

/** Why a session ended, when the sign-in page says it: signed out after the idle time. */
export type SignOutReason = 'idle';

/** What the sign-in page is given in the history state: the page to return to and why the session ended. */
export interface SignInState {
  from?: string;
  reason?: SignOutReason;
  /** With reason 'idle': the idle time the sign-in page names. */
  idleMs?: number;
  /** With reason 'idle': whose session it was; only they are returned to `from`. */
  userId?: string;
  notice?: 'passwordReset';
}

export interface LogoutOptions {
  /**
   * The user chose to sign out ("Sign out", "Sign out everywhere"): every local offer draft of this browser is
   * deleted, as on a shared computer the next person must not find them. Any other end (idle, password changed, a
   * revoked session) keeps the user's own drafts, offered again when they sign back in.
   */
  forgetDrafts?: boolean;
  /** Said on the sign-in page, which also returns the user to `from` once signed in. */
  reason?: SignOutReason;
  idleMs?: number;
  userId?: string;
  from?: string;
}

/** Why the last session ended without the user choosing it, until the next sign-in (see useLogout). */
let lastEnd: SignInState | undefined;

/** A new session began: an earlier end's reason is no longer the sign-in page's to show. */
export function forgetLastEnd(): void {
  lastEnd = undefined;
}

/** The sign-in page's state when the session is found expired: the reason of an end already under way, if any. */
export const endState = (otherwise: SignInState): SignInState => lastEnd ?? otherwise;

/**
 * Ends the session on the server and here, forgets every cached answer (the next user must not see this one's
 * offers, rooms or notifications) and shows the sign-in page.
 */
export function useLogout(): (options?: LogoutOptions) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (options: LogoutOptions = {}) => {
      const { reason, idleMs, userId, from } = options;
      // Kept before anything is awaited: an echo of this end (a request of the old session refused while the sign-out
      // is under way or the sign-in page is loading, which signs out again or finds the session expired) shows the
      // same page, whichever navigation comes last; it must not replace the reason with nothing.
      if (reason) lastEnd = { reason, idleMs, userId, from };
      await signOut();
      // After the tokens are gone: no editor can write a draft back (writeDraft keeps nothing without a session).
      if (options.forgetDrafts) clearAllDrafts();
      queryClient.clear();
      await navigate(SIGN_IN_PATH, { replace: true, state: lastEnd });
    },
    [queryClient, navigate],
  );
}

const FALLBACK_CONFIG: ClientConfig = {
  idleTimeoutMs: IDLE_TIMEOUT_MS,
  idleCountdownSeconds: IDLE_COUNTDOWN_SECONDS,
  regionName: REGION_NAME,
  // Until the server says otherwise the languages are offered; its refusal is shown if none is configured.
  machineTranslation: true,
};

/** Settings the server gives the browser (idle timeout, region name); the spec's defaults until loaded. */
export function useClientConfig(): ClientConfig {
  const { data } = useQuery({
    queryKey: CLIENT_CONFIG_READ.key,
    queryFn: ({ signal }) => fetchClientConfig(signal),
    staleTime: Infinity,
  });
  return data ?? FALLBACK_CONFIG;
}

/** Logo, social links and colours of the home settings; the spec's default colours until loaded. */
export function useHomeSettings() {
  const query = useQuery({
    queryKey: HOME_SETTINGS_READ.key,
    queryFn: ({ signal }) => fetchHomeSettings(signal),
    staleTime: 10 * 60_000,
  });
  const chosenColours: HomeColours = { ...HOME_DEFAULT_COLOURS, ...pickColours(query.data) };
  // What is drawn: accessible shades of the chosen colours; the settings screen edits the chosen ones.
  return { ...query, chosenColours, colours: accessibleColours(chosenColours), focus: focusColour(chosenColours) };
}

function pickColours(data: Partial<Record<keyof typeof HOME_DEFAULT_COLOURS, string>> | undefined) {
  if (!data) return {};
  return Object.fromEntries(
    Object.keys(HOME_DEFAULT_COLOURS)
      .map((k) => [k, data[k as keyof typeof HOME_DEFAULT_COLOURS]])
      .filter(([, v]) => typeof v === 'string' && v),
  );
}
