import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/shared';
import { formatDateTime } from '../../i18n/dates';

/** One notification: subject, text and when; unread ones stand out. */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { i18n } = useTranslation();
  const when = formatDateTime(notification.createdAtNotification, i18n.language);
  return (
    <div className={`notification-item${notification.read ? '' : ' notification-unread'}`}>
      <Typography.Text strong={!notification.read}>{notification.subject}</Typography.Text>
      <div className="notification-text">{notification.text}</div>
      <Typography.Text type="secondary" className="notification-when">
        <time dateTime={notification.createdAtNotification}>{when}</time>
      </Typography.Text>
    </div>
  );
}
