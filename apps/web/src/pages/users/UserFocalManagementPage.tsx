import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useSession } from '../../features/session/useSession';
import { UsersDirectory } from '../../features/users/UsersDirectory';

/** /user-focal-management — a chief negotiator's focal points, with search and the invite dialog. */
export default function UserFocalManagementPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  return (
    <>
      <PageTitle>{t('routes.userFocalManagement')}</PageTitle>
      <p>{t('users.list.introChief')}</p>
      {profile && (
        <UsersDirectory
          inviter={{ role: profile.role, countryCode: profile.countryCode, language: profile.language }}
          withCountry={false}
        />
      )}
    </>
  );
}
