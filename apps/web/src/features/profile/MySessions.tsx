import { App, Card } from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { useLogout } from '../session/useSession';
import { userKeys, usersApi } from '../users/api';
import { SessionsList } from '../users/SessionsList';

/** The profile's list of one's own sessions, and "sign out everywhere", this browser included. */
export function MySessions() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const logout = useLogout();
  const sessions = useQuery({ queryKey: userKeys.mySessions(), queryFn: ({ signal }) => usersApi.mySessions(signal) });
  const endAll = useMutation({
    mutationFn: () => usersApi.endMySessions(),
    onSuccess: async () => {
      void message.success(t('sessions.signedOutEverywhere'));
      await logout({ forgetDrafts: true });
    },
    onError: (error) => void message.error(errorText(t, error)),
  });
  return (
    <Card className="profile-card" title={<h2 className="card-heading">{t('sessions.title')}</h2>}>
      <p>{t('sessions.intro')}</p>
      <SessionsList
        sessions={sessions.data}
        loading={sessions.isFetching}
        error={sessions.error}
        onSignOutAll={() => endAll.mutate()}
        signingOut={endAll.isPending}
        confirmText={t('sessions.confirmMine')}
      />
    </Card>
  );
}
