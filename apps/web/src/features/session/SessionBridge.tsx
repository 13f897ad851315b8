/**
 * Connects the HTTP client's session to the router: a refused refresh goes to /login (remembering the page),
 * and a profile that cannot be loaded ends the session ('Please login again.' unless it was a 401).
 * Whenever a session starts or ends (here or in another tab) every cached answer is forgotten, and when it ends every
 * local offer draft is deleted, so a user never sees the previous user's data or unsaved work.
 * The signed-in user's profile language becomes the interface's (useProfileLanguageSync).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, isSignedIn, setSessionExpiredHandler, subscribeSession } from '../../api/http';
import { clearAllDrafts } from '../offers/draftKeys';
import { useProfileLanguageSync } from './useProfileLanguage';
import { SIGN_IN_PATH, useLogout, useProfile } from './useSession';

export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef('');
  here.current = location.pathname + location.search + location.hash;

  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.clear();
      void navigate(SIGN_IN_PATH, { replace: true, state: { from: here.current } });
    });
  }, [navigate, queryClient]);

  // Listeners run synchronously when the tokens are stored or removed: the cache is empty before the sign-in page
  // loads the new user's profile, and the drafts are gone before the editor unmounts. A token refresh (still signed
  // in) keeps both. A session that ended while no tab was open leaves no draft either.
  useEffect(() => {
    let wasSignedIn = isSignedIn();
    if (!wasSignedIn) clearAllDrafts();
    const unsubscribe = subscribeSession(() => {
      const now = isSignedIn();
      if (now !== wasSignedIn) queryClient.clear();
      if (wasSignedIn && !now) clearAllDrafts();
      wasSignedIn = now;
    });
    return () => {
      unsubscribe();
    };
  }, [queryClient]);

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
