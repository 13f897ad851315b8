import { Button, Empty, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** The notifications popover; it lists nothing until the notifications area is built. */
export function NotificationsBell() {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('nav.notifications')}
      content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('nav.noNotifications')} />}
    >
      <Button type="text" icon={<BellOutlined />} aria-label={t('nav.notifications')} />
    </Popover>
  );
}
