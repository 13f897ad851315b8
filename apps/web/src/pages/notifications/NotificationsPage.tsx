import { useState } from 'react';
import { Button, Card, List } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useMarkRead, useNotificationPage } from '../../features/notifications/api';
import { NotificationItem } from '../../features/notifications/NotificationItem';
import '../../features/notifications/notifications.css';

const PAGE_SIZE = 20;

/** /notifications — every notification, newest first, a page at a time, with 'mark all as read'. */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(0);
  const { data, isLoading } = useNotificationPage(page, PAGE_SIZE);
  const markRead = useMarkRead();
  return (
    <>
      <PageTitle>{t('routes.notifications')}</PageTitle>
      <Card
        extra={
          <Button disabled={!data?.unread} loading={markRead.isPending} onClick={() => markRead.mutate(undefined)}>
            {t('notifications.markAllRead')}
          </Button>
        }
        title={t('notifications.unreadCount', { count: data?.unread ?? 0 })}
      >
        <List
          loading={isLoading}
          dataSource={data?.content ?? []}
          locale={{ emptyText: t('notifications.empty') }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: data?.totalElements ?? 0,
            onChange: (p) => setPage(p - 1),
            hideOnSinglePage: true,
          }}
          renderItem={(n) => (
            <List.Item className="notification-row">
              <button
                type="button"
                className="notification-row-button"
                onClick={() => {
                  if (!n.read) markRead.mutate([n.id]);
                  if (n.link) void navigate(n.link);
                }}
              >
                <NotificationItem notification={n} />
              </button>
            </List.Item>
          )}
        />
      </Card>
    </>
  );
}
