import { Result } from 'antd';
import { ButtonLink } from '../../components/ButtonLink';
import { useTranslation } from 'react-i18next';

/** The spec's 403 page. */
export default function DeniedPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="403"
      title={<h1 className="result-title">{t('errors.accessDenied')}</h1>}
      extra={
        <ButtonLink to="/" type="primary">
          {t('errors.backHome')}
        </ButtonLink>
      }
    />
  );
}
