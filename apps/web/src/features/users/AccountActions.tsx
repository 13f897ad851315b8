import { useState } from 'react';
import { App, Button, Modal, Space } from 'antd';
import { DesktopOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { userKeys, usersApi } from './api';
import { SessionsList } from './SessionsList';

/** An administrator's account tools on a user's row: the user's sessions, and signing them out everywhere. */
export function AccountActions({ user }: { user: ManagedUser }) {
  const [showSessions, setShowSessions] = useState(false);
  const { t } = useTranslation();
  return (
    <Space size="small" wrap>
      {user.status === 'ACTIVE' && (
        <Button
          size="small"
          icon={<DesktopOutlined />}
          aria-label={`${t('accountTools.sessions')}: ${user.email}`}
          onClick={() => setShowSessions(true)}
        >
          {t('accountTools.sessions')}
        </Button>
      )}
      {showSessions && <UserSessionsDialog user={user} onClose={() => setShowSessions(false)} />}
    </Space>
  );
}

function UserSessionsDialog({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const sessions = useQuery({
    queryKey: userKeys.sessions(user.userId),
    queryFn: ({ signal }) => usersApi.sessions(user.userId, signal),
  });
  const endAll = useMutation({
    mutationFn: () => usersApi.endSessions(user.userId),
    onSuccess: ({ ended }) => void message.success(t('sessions.ended', { count: ended })),
    onError: (error) => void message.error(errorText(t, error)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: userKeys.sessions(user.userId) }),
  });
  return (
    <Modal open title={t('accountTools.sessionsTitle', { name })} onCancel={onClose} footer={null} destroyOnHidden>
      <SessionsList
        sessions={sessions.data}
        loading={sessions.isFetching}
        error={sessions.error}
        onSignOutAll={() => endAll.mutate()}
        signingOut={endAll.isPending}
        confirmText={t('accountTools.signOutConfirm', { name })}
      />
    </Modal>
  );
}
