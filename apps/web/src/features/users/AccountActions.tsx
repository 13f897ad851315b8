import { useState } from 'react';
import { App, Button, Modal, Space } from 'antd';
import { DesktopOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ManagedUser } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { userKeys, usersApi } from './api';
import { SessionsList } from './SessionsList';

interface Props {
  user: ManagedUser;
  /** After an unlock (or a refusal: the row may have changed meanwhile): refetch the list. */
  onChanged: () => void;
}

/** An administrator's account tools on a user's row (issue 14): unlock a locked account; sessions and sign-out. */
export function AccountActions({ user, onChanged }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [showSessions, setShowSessions] = useState(false);
  const unlock = useMutation({
    mutationFn: () => usersApi.unlock(user.userId),
    onSuccess: () => void message.success(t('accountTools.unlocked', { email: user.email })),
    onError: (error) => void message.error(errorText(t, error)),
    onSettled: onChanged,
  });
  return (
    <Space size="small" wrap>
      {user.lockedAt && (
        <Button
          size="small"
          icon={<UnlockOutlined />}
          loading={unlock.isPending}
          aria-label={`${t('accountTools.unlock')}: ${user.email}`}
          onClick={() => unlock.mutate()}
        >
          {t('accountTools.unlock')}
        </Button>
      )}
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
