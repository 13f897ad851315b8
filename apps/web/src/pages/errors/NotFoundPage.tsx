import { Result } from 'antd';
import { ButtonLink } from '../../components/ButtonLink';
import { useTranslation } from 'react-i18next';

/** Any path the route table does not know. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">{t('errors.notFound')}</h1>}
      subTitle={t('errors.notFoundText')}
      extra={
        <ButtonLink to="/" type="primary">
          {t('errors.backHome')}
        </ButtonLink>
      }
    />
  );
}
