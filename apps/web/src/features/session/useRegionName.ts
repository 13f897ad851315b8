import { useTranslation } from 'react-i18next';
import { REGION_NAME } from '@portal/shared';
import { useClientConfig } from './useSession';

/** The region's name in the interface language: translated when it is the default bloc, as configured otherwise. */
export function useRegionName(): string {
  const { t } = useTranslation();
  const { regionName } = useClientConfig();
  return regionName === REGION_NAME ? t('app.regionName') : regionName;
}
