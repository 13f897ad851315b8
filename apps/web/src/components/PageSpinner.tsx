import { useTranslation } from 'react-i18next';

/** Shown while a page or the profile loads: a ring drawn in CSS (antd's Spin would weigh on every first visit). */
export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <span className="page-spinner-ring" aria-hidden />
      <span className="visually-hidden">{t('app.loading')}</span>
    </div>
  );
}
