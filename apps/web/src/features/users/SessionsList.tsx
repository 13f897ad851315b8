import { Alert, Button, Empty, List, Popconfirm, Tag } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ActiveSession } from '@portal/shared';
import { errorText } from '../../api/errorText';
import { formatDateTime } from '../../i18n/dates';

interface Props {
  sessions: ActiveSession[] | undefined;
  loading: boolean;
  error: unknown;
  /** Signs every session out (asked for confirmation first). */
  onSignOutAll: () => void;
  signingOut: boolean;
  /** The confirmation's question (one's own sessions, or a user's). */
  confirmText: string;
}

/** Active sessions (browser, since, last activity) and "sign out everywhere". */
export function SessionsList({ sessions, loading, error, onSignOutAll, signingOut, confirmText }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <div className="sessions-list">
      {error ? <Alert type="error" showIcon title={errorText(t, error)} /> : null}
      <List<ActiveSession>
        loading={loading}
        dataSource={sessions ?? []}
        locale={{ emptyText: <Empty description={t('sessions.none')} image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        aria-label={t('sessions.label')}
        renderItem={(s) => (
          <List.Item>
            <List.Item.Meta
              title={
                <>
                  <span dir="auto">{s.clientName ?? t('sessions.unknownClient')}</span>{' '}
                  {s.current && <Tag color="blue">{t('sessions.current')}</Tag>}
                </>
              }
              description={t('sessions.times', {
                since: formatDateTime(s.createdAt, i18n.language),
                last: formatDateTime(s.lastActiveAt, i18n.language),
              })}
            />
          </List.Item>
        )}
      />
      <Popconfirm
        title={confirmText}
        okText={t('sessions.signOutAll')}
        cancelText={t('pendingInvitations.back')}
        okButtonProps={{ danger: true }}
        onConfirm={onSignOutAll}
      >
        <Button danger icon={<LogoutOutlined />} loading={signingOut} disabled={!sessions?.length}>
          {t('sessions.signOutAll')}
        </Button>
      </Popconfirm>
    </div>
  );
}
