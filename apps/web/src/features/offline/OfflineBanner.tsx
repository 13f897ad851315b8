import { WarningFilled } from '@ant-design/icons';
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
  // Plain markup in antd's warning colours: the banner is part of every page's first script.
  return (
    <div className="offline-banner" role="status">
      <WarningFilled className="offline-banner-icon" aria-hidden />
      <div>
        <strong>{t('offline.title')}</strong>
        <p>{t('offline.text')}</p>
      </div>
    </div>
  );
}
