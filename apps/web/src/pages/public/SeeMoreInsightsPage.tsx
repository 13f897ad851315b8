import { useTranslation } from 'react-i18next';
import { SeeMorePage } from './SeeMorePage';

/** /see-more-insights */
export default function SeeMoreInsightsPage() {
  const { t } = useTranslation();
  return <SeeMorePage type="INSIGHT" title="routes.seeMoreInsights" empty={t('home.noInsights')} />;
}
