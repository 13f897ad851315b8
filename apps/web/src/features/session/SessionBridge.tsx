/**
 * Connects the HTTP client's session to the router: a refused refresh goes to /login (remembering the page),
 * and a profile that cannot be loaded ends the session ('Please login again.' unless it was a 401).
 */
import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, setSessionExpiredHandler } from '../../api/http';
import { PROFILE_KEY, useLogout, useProfile } from './useSession';

export function SessionBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef('');
  here.current = location.pathname + location.search + location.hash;

  useEffect(() => {
    setSessionExpiredHandler(() => {
      queryClient.removeQueries({ queryKey: PROFILE_KEY });
      void navigate('/login', { replace: true, state: { from: here.current } });
    });
  }, [navigate, queryClient]);

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
