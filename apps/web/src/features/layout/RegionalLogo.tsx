import defaultLogo from '../../assets/regional-logo.svg';
import { useHomeSettings } from '../session/useSession';
import { useRegionName } from '../session/useRegionName';
import { useTranslation } from 'react-i18next';

/** The region's logo from the home settings, or the default regional logo when none is set. */
export function RegionalLogo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  const region = useRegionName();
  const { data } = useHomeSettings();
  return (
    <img
      src={data?.logo || defaultLogo}
      alt={t('app.logoAlt', { region })}
      width={size}
      height={size}
      className="regional-logo"
    />
  );
}
