/**
 * The signed-in user's interface speaks their profile's language, so that screens, mails and notifications agree.
 * The profile's language is applied when the profile first loads in a session (an English browser of a French user
 * turns French) and whenever it changes afterwards (the profile form, another tab); a refetch that brings nothing
 * new leaves alone a choice the header could not save. applyLanguage stores it in the cookie and local storage the
 * start-up detection reads, so the next visit, signed in or not, opens in it.
 */
import { useEffect, useRef } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/shared';
import { applyLanguage, i18n, toLanguage } from '../../i18n';
import { profileApi } from '../profile/api';
import { PROFILE_KEY, useProfile } from './useSession';

/** Applies the profile's language when it loads or changes; mounted once, in SessionBridge. */
export function useProfileLanguageSync(): void {
  const { data: profile } = useProfile();
  const seen = useRef<{ userId: string; language: string } | null>(null);
  useEffect(() => {
    if (!profile) {
      // Signed out (or the next user's profile still loading): the next profile is a first load again.
      seen.current = null;
      return;
    }
    const last = seen.current;
    seen.current = { userId: profile.userId, language: profile.language };
    if (last?.userId === profile.userId && last.language === profile.language) return;
    const language = toLanguage(profile.language);
    if (language !== toLanguage(i18n.language)) void applyLanguage(language);
  }, [profile]);
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
