import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { ProfileForm } from '../../features/profile/ProfileForm';
import { MySessions } from '../../features/profile/MySessions';
import { useSession } from '../../features/session/useSession';

/** /profile — the signed-in user edits their own details (reached from the header's profile menu). */
export default function ProfilePage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <>
      <PageTitle>{t('routes.profile')}</PageTitle>
      <Card className="profile-card">{profile && <ProfileForm profile={profile} />}</Card>
      {profile && <MySessions />}
    </>
  );
}
