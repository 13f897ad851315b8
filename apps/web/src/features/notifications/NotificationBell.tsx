import { useState } from 'react';
import { Badge, Button, Empty, List, Popover, Space } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMarkRead, useMyNotifications } from './api';
import { NotificationItem } from './NotificationItem';
import { useLiveQueue } from './useLiveQueue';
import './notifications.css';

/**
 * The header's notifications popover: the latest 20, 'mark all as read' and 'see all'; the count updates live.
 * 'Mark all as read' marks every notification (the form without ids), not only the 20 shown.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data, isLoading } = useMyNotifications();
  const markRead = useMarkRead();
  useLiveQueue();
  const unread = data?.unread ?? 0;
  const items = data?.notifications ?? [];

  const go = (link: string | null, id: string) => {
    setOpen(false);
    markRead.mutate([id]);
    if (link) void navigate(link);
  };

  const content = (
    <div className="notification-popover">
      {items.length === 0 && !isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <List
          size="small"
          loading={isLoading}
          dataSource={items}
          renderItem={(n) => (
            <List.Item className="notification-row" onClick={() => go(n.link, n.id)}>
              <NotificationItem notification={n} />
            </List.Item>
          )}
        />
      )}
      <Space className="notification-actions">
        <Button
          size="small"
          disabled={unread === 0}
          loading={markRead.isPending}
          onClick={() => markRead.mutate(undefined)}
        >
          {t('notifications.markAllRead')}
        </Button>
        <Button
          size="small"
          type="link"
          onClick={() => {
            setOpen(false);
            void navigate('/notifications');
          }}
        >
          {t('notifications.seeAll')}
        </Button>
      </Space>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('notifications.title')}
      content={content}
      open={open}
      onOpenChange={setOpen}
    >
      <Badge count={unread} size="small" overflowCount={99}>
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('notifications.bellLabel', { count: unread })}
          data-unread={unread}
        />
      </Badge>
    </Popover>
  );
}
