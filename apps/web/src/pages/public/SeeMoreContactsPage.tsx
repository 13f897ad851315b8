import { useTranslation } from 'react-i18next';
import { SeeMorePage } from './SeeMorePage';

/** /see-more-contacts */
export default function SeeMoreContactsPage() {
  const { t } = useTranslation();
  return <SeeMorePage type="CONTACT" title="routes.seeMoreContacts" empty={t('home.noContacts')} />;
}
