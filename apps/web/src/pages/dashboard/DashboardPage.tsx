import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { roleLabel } from '../../features/session/roleLabel';
import { useCountryName, useRegionLabel } from '../../features/countries/useCountries';
import { useRegionName } from '../../features/session/useRegionName';
import { useSession } from '../../features/session/useSession';
import { WaitingForMe } from '../../features/dashboard/WaitingForMe';
import { workspacePath } from '../../features/layout/menu';

/** The signed-in user's landing page: who they are, what waits for them, and the ways to their work. */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const region = useRegionName();
  const country = useCountryName(profile?.countryCode, profile?.countryName);
  const regionName = useRegionLabel(profile?.region, profile?.regionName ?? null);
  if (!profile) return null;
  const title = profile.titlePrefix ? t(`titles.${profile.titlePrefix}`) : null;
  const name = [title, profile.firstName, profile.lastName].filter(Boolean).join(' ');
  return (
    <>
      <PageTitle>{t('routes.dashboard')}</PageTitle>
      <Card title={<h2 className="card-title">{t('dashboard.greeting', { name })}</h2>}>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t('dashboard.role')}>
            {roleLabel(profile.role, t, region, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('dashboard.country')}>{country ?? t('dashboard.notSet')}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.region')}>{regionName ?? t('dashboard.notSet')}</Descriptions.Item>
          <Descriptions.Item label={t('dashboard.email')}>
            <bdi>{profile.email}</bdi>
          </Descriptions.Item>
        </Descriptions>
        <div className="card-actions">
          <ButtonLink to={workspacePath(profile.role)} type="primary">
            {t('dashboard.openWorkspace')}
          </ButtonLink>
          <ButtonLink to="/workspace">{t('dashboard.openCoverage')}</ButtonLink>
        </div>
      </Card>
      <WaitingForMe role={profile.role} />
    </>
  );
}
