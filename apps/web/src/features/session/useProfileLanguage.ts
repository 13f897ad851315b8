/**
 * The signed-in user's interface speaks their profile's language, so that screens, mails and notifications agree.
 * The profile's language is applied after signing in (an English browser of a French user turns French) and whenever
 * it changes afterwards (the profile form, another tab or device). A reload that brings the same profile language
 * leaves the interface as it is: a language just picked in the header stays even if its save had not reached the
 * server yet (the save also outlives the page: fetch keepalive). applyLanguage stores the language in the cookie
 * and local storage the start-up detection reads, so the next visit opens in it.
 */
import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/shared';
import { applyLanguage, i18n, toLanguage } from '../../i18n';
import { notificationKeys } from '../notifications/api';
import { profileApi } from '../profile/api';
import { PROFILE_KEY, useProfile, useSignedIn } from './useSession';

const SEEN_PREFIX = 'portal:profile-language:';
const PICKED_KEY = 'portal:profile-language-picked';

/**
 * The server shows notifications in the profile's language: once that changed, the bell and the notifications page
 * read them again (they were read in the former one).
 */
function readNotificationsAgain(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Forgets what was applied: the next sign-in in this tab applies the profile's language again. */
function forgetSeen(): void {
  sessionStorage.removeItem(PICKED_KEY);
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(SEEN_PREFIX)) sessionStorage.removeItem(key);
}

/**
 * A language picked in the header while signed in but before the profile had loaded (just after signing in): when
 * the profile arrives it takes this language, instead of its older one turning the interface back.
 */
export function rememberPickBeforeProfile(language: Language): void {
  sessionStorage.setItem(PICKED_KEY, language);
}

/**
 * Applies the profile's language when this tab first sees it after signing in, or when it changes; mounted once, in
 * SessionBridge. What was applied is kept in session storage, which a reload keeps and a new tab or a sign-out starts
 * afresh.
 */
export function useProfileLanguageSync(): void {
  const signedIn = useSignedIn();
  const { data: profile } = useProfile();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn) return forgetSeen();
    if (!profile) return;
    const key = SEEN_PREFIX + profile.userId;
    const picked = sessionStorage.getItem(PICKED_KEY);
    sessionStorage.removeItem(PICKED_KEY);
    if (picked && picked !== profile.language) {
      sessionStorage.setItem(key, picked);
      void profileApi.setLanguage(toLanguage(picked)).then(
        (saved) => {
          queryClient.setQueryData(PROFILE_KEY, saved);
          readNotificationsAgain(queryClient);
        },
        () => undefined,
      );
      return;
    }
    const seen = sessionStorage.getItem(key);
    if (seen === profile.language) return;
    sessionStorage.setItem(key, profile.language);
    // Changed since this tab applied it (the header, the profile form, another tab): the notifications it holds are in
    // the former language.
    if (seen !== null) readNotificationsAgain(queryClient);
    const language = toLanguage(profile.language);
    if (language !== toLanguage(i18n.language)) void applyLanguage(language);
  }, [signedIn, profile, queryClient]);
}

/**
 * Saves a language picked in the header on the signed-in user's profile. The saves run one after the other, so
 * the last pick is the one kept; the answer becomes the cached profile.
 */
export function useSaveProfileLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    scope: { id: 'profile-language' },
    mutationFn: (language: Language) => profileApi.setLanguage(language),
    // The profile's new language reaches useProfileLanguageSync, which has the notifications read again.
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_KEY, profile),
  });
}
