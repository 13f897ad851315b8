import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useSession } from '../../features/session/useSession';
import { UsersDirectory } from '../../features/users/UsersDirectory';

/** /backoffice/user-management — the secretariat's list of country users, with search and the invite dialog. */
export default function UserManagementPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <>
      <PageTitle>{t('routes.boUserManagement')}</PageTitle>
      <p>{t('users.list.introStaff')}</p>
      {profile && <UsersDirectory inviter={{ role: profile.role, countryCode: profile.countryCode }} withCountry />}
    </>
  );
}
