import { useEffect, useRef, useState } from 'react';
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
  const bell = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  // Opened (by a click, Enter or Space), the focus moves to the first notification, so a keyboard user reads the list
  // next rather than after every link of the page; Escape closes it and gives the focus back to the bell.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() =>
      popover.current?.querySelector<HTMLElement>('.notification-row-button, button:not([disabled])')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [open]);
  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };
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
    <div
      className="notification-popover"
      ref={popover}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      {items.length === 0 && !isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notifications.empty')} />
      ) : (
        <List
          size="small"
          loading={isLoading}
          dataSource={items}
          renderItem={(n) => (
            <List.Item className="notification-row">
              <button type="button" className="notification-row-button" onClick={() => go(n.link, n.id)}>
                <NotificationItem notification={n} />
              </button>
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
          ref={bell}
          type="text"
          icon={<BellOutlined />}
          aria-expanded={open}
          aria-haspopup="dialog"
          aria-label={t('notifications.bellLabel', { count: unread })}
          data-unread={unread}
        />
      </Badge>
    </Popover>
  );
}
