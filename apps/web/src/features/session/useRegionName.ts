import { useTranslation } from 'react-i18next';
import { REGION_NAME } from '@portal/shared';
import { useClientConfig, useHomeSettings } from './useSession';

/**
 * The region's name in the interface language: the title the secretariat set in the global settings, else
 * the configured name, translated when it is the default bloc.
 */
export function useRegionName(): string {
  const { t } = useTranslation();
  const { regionName } = useClientConfig();
  const { data } = useHomeSettings();
  const title = data?.regionTitle?.trim();
  if (title && title !== REGION_NAME) return title;
  return regionName === REGION_NAME ? t('app.regionName') : regionName;
}
