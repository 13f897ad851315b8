import { Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ProfileForm } from '../../features/profile/ProfileForm';
import { useSession } from '../../features/session/useSession';

/** /password-management — the profile form with a new password and its confirmation (PUT /profile). */
export default function PasswordManagementPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <>
      <PageTitle>{t('routes.passwordManagement')}</PageTitle>
      <p>{t('profile.passwordManagement.intro')}</p>
      <Card className="profile-card">{profile && <ProfileForm profile={profile} withPassword />}</Card>
      <p className="profile-aside">
        {t('profile.passwordManagement.knowCurrent')} <Link to="/change-password">{t('routes.changePassword')}</Link>
      </p>
    </>
  );
}
