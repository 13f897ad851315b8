import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOnline } from './useOnline';

/**
 * Says plainly that the connection is gone: what is shown is the last copy kept on this device, to read; nothing can
 * be saved or sent until the connection is back (the offer editor keeps its work in the local draft meanwhile).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <Alert
      className="offline-banner"
      type="warning"
      showIcon
      banner
      role="status"
      title={t('offline.title')}
      description={t('offline.text')}
    />
  );
}
