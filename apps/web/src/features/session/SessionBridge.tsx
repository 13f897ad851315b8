/**
 * Connects the HTTP client's session to the router: a refused refresh goes to /login (remembering the page),
 * and a profile that cannot be loaded ends the session ('Please login again.' unless it was a 401).
 * Whenever a session starts or ends (here or in another tab) every cached answer is forgotten, and once the signed-in
 * user is known the local offer drafts of every other user are deleted, so a user never sees the previous user's data
 * or unsaved work. The user's own drafts outlive an idle logout or a refused refresh (the explicit "Sign out" deletes
 * them all: useLogout).
 * The signed-in user's profile language becomes the interface's (useProfileLanguageSync).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, isSignedIn, setSessionExpiredHandler, subscribeSession } from '../../api/http';
import { clearOtherUsersDrafts } from '../offers/editor/draftKeys';
import { useProfileLanguageSync } from './useProfileLanguage';
import { SIGN_IN_PATH, endState, forgetLastEnd, useLogout, useProfile } from './useSession';

export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef('');
  here.current = location.pathname + location.search + location.hash;

  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      void navigate(SIGN_IN_PATH, { replace: true, state: endState({ from: here.current }) });
    });
  }, [navigate, queryClient]);

  // Listeners run synchronously when the tokens are stored or removed: the cache is empty before the sign-in page
  // loads the new user's profile. A token refresh (still signed in) keeps it.
  useEffect(() => {
    let wasSignedIn = isSignedIn();
    const unsubscribe = subscribeSession(() => {
      const now = isSignedIn();
      if (now !== wasSignedIn) queryClient.clear();
      if (now && !wasSignedIn) forgetLastEnd();
      wasSignedIn = now;
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);

  // Drafts are read only under the signed-in user's id; those of anyone else are deleted as soon as the user is known.
  const userId = useProfile().data?.userId;
  useEffect(() => {
    if (userId) clearOtherUsersDrafts(userId);
  }, [userId]);

  useProfileLanguageSync();
  return <ProfileFailureWatcher />;
}

function ProfileFailureWatcher() {
  const { error } = useProfile();
  const logout = useLogout();
  const { message } = App.useApp();
  const { t } = useTranslation();

  useEffect(() => {
    if (!error) return;
    if (!(error instanceof ApiError && error.status === 401)) void message.error(t('session.loginAgain'));
    void logout();
  }, [error, logout, message, t]);

  return null;
}
