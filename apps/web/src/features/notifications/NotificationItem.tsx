import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Notification } from '@portal/shared';
import { TextWithCodes, UserText } from '../../components/Bidi';
import { formatDateTime } from '../../i18n/dates';

/**
 * One notification: subject, text and when; unread ones stand out. The subject and text are in the language they were
 * written in — the reader's, or another for one kept from before its parameters were — so they take the direction of
 * the subject, which holds no name or title: an English notification reads left to right in the Arabic list, its full
 * stop and version at its end, while one in the interface's language that starts with a name in another script keeps
 * the interface's direction. The date is the interface's.
 */
export function NotificationItem({ notification }: { notification: Notification }) {
  const { i18n } = useTranslation();
  const when = formatDateTime(notification.createdAtNotification, i18n.language);
  return (
    <div className={`notification-item${notification.read ? '' : ' notification-unread'}`}>
      <UserText as="div" className="notification-body" text={null}>
        <Typography.Text strong={!notification.read}>{notification.subject}</Typography.Text>
        <div className="notification-text">
          <TextWithCodes text={notification.text} />
        </div>
      </UserText>
      <Typography.Text type="secondary" className="notification-when">
        <time dateTime={notification.createdAtNotification}>{when}</time>
      </Typography.Text>
    </div>
  );
}
