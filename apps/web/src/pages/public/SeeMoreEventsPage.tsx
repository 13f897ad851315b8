import { useTranslation } from 'react-i18next';
import { SeeMorePage } from './SeeMorePage';

/** /see-more-events */
export default function SeeMoreEventsPage() {
  const { t } = useTranslation();
  return <SeeMorePage type="EVENT" title="routes.seeMoreEvents" empty={t('home.noEvents')} />;
}
