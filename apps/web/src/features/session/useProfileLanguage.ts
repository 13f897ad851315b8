/**
 * The signed-in user's interface speaks their profile's language, so that screens, mails and notifications agree.
 * The profile's language is applied after signing in (an English browser of a French user turns French) and whenever
 * it changes afterwards (the profile form, another tab or device). A reload that brings the same profile language
 * leaves the interface as it is: a language just picked in the header stays even if its save had not reached the
 * server yet (the save also outlives the page: fetch keepalive). applyLanguage stores the language in the cookie
 * and local storage the start-up detection reads, so the next visit opens in it.
 */
import { useEffect } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/shared';
import { applyLanguage, i18n, toLanguage } from '../../i18n';
import { profileApi } from '../profile/api';
import { PROFILE_KEY, useProfile, useSignedIn } from './useSession';

const SEEN_PREFIX = 'portal:profile-language:';

/** Forgets what was applied: the next sign-in in this tab applies the profile's language again. */
function forgetSeen(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(SEEN_PREFIX)) sessionStorage.removeItem(key);
}

/**
 * Applies the profile's language when this tab first sees it after signing in, or when it changes; mounted once, in
 * SessionBridge. What was applied is kept in session storage, which a reload keeps and a new tab or a sign-out starts
 * afresh.
 */
export function useProfileLanguageSync(): void {
  const signedIn = useSignedIn();
  const { data: profile } = useProfile();
  useEffect(() => {
    if (!signedIn) return forgetSeen();
    if (!profile) return;
    const key = SEEN_PREFIX + profile.userId;
    if (sessionStorage.getItem(key) === profile.language) return;
    sessionStorage.setItem(key, profile.language);
    const language = toLanguage(profile.language);
    if (language !== toLanguage(i18n.language)) void applyLanguage(language);
  }, [signedIn, profile]);
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
    onSuccess: (profile) => queryClient.setQueryData(PROFILE_KEY, profile),
  });
}
