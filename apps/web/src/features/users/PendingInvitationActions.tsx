import { App, Button, Space } from 'antd';
import { MailOutlined, StopOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errorText';
import { ApiError } from '../../api/http';
import { usersApi } from './api';

interface Props {
  /** The invitee: an account still PENDING (invited, not registered). */
  user: { userId: string; email: string; firstName: string; lastName: string };
  /** After a resend or a cancellation, successful or not (the row may have changed meanwhile): refetch the list. */
  onChanged: () => void;
}

/** Resend or cancel a pending invitation, each confirmed first; the answer is told by its code. */
export function PendingInvitationActions({ user, onChanged }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const failed = (error: unknown) => {
    void message.error(
      error instanceof ApiError && error.status === 0 ? t('pendingInvitations.network') : errorText(t, error),
    );
    onChanged();
  };
  const resend = useMutation({
    mutationFn: () => usersApi.resendInvitation(user.userId),
    onSuccess: () => {
      void message.success(t('pendingInvitations.resent', { email: user.email }));
      onChanged();
    },
    onError: failed,
  });
  const cancel = useMutation({
    mutationFn: () => usersApi.cancelInvitation(user.userId),
    onSuccess: () => {
      void message.success(t('pendingInvitations.cancelled', { email: user.email }));
      onChanged();
    },
    onError: failed,
  });

  const confirmResend = () =>
    modal.confirm({
      title: t('pendingInvitations.resendTitle', { name }),
      content: t('pendingInvitations.resendText', { email: user.email }),
      okText: t('pendingInvitations.confirmResend'),
      cancelText: t('pendingInvitations.back'),
      onOk: () => resend.mutateAsync().catch(() => undefined),
    });
  const confirmCancel = () =>
    modal.confirm({
      title: t('pendingInvitations.cancelTitle', { name }),
      content: t('pendingInvitations.cancelText', { email: user.email }),
      okText: t('pendingInvitations.confirmCancel'),
      okButtonProps: { danger: true },
      cancelText: t('pendingInvitations.back'),
      onOk: () => cancel.mutateAsync().catch(() => undefined),
    });

  return (
    <Space size="small" wrap>
      <Button
        size="small"
        icon={<MailOutlined />}
        loading={resend.isPending}
        aria-label={`${t('pendingInvitations.resend')}: ${user.email}`}
        onClick={confirmResend}
      >
        {t('pendingInvitations.resend')}
      </Button>
      <Button
        size="small"
        danger
        icon={<StopOutlined />}
        loading={cancel.isPending}
        aria-label={`${t('pendingInvitations.cancel')}: ${user.email}`}
        onClick={confirmCancel}
      >
        {t('pendingInvitations.cancel')}
      </Button>
    </Space>
  );
}
