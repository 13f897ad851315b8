import { useState } from 'react';
import defaultLogo from '../../assets/regional-logo.svg';
import { useHomeSettings } from '../session/useSession';
import { useRegionName } from '../session/useRegionName';
import { useTranslation } from 'react-i18next';

/** The region's logo from the home settings, or the default regional logo when none is set or it fails to load. */
export function RegionalLogo({ size = 40 }: { size?: number }) {
  const { t } = useTranslation();
  const region = useRegionName();
  const { data } = useHomeSettings();
  const [failed, setFailed] = useState<string | null>(null);
  const chosen = data?.logo || null;
  // A logo that cannot be loaded (moved, blocked, not an image) gives way to the default one: never a broken image.
  const src = chosen && chosen !== failed ? chosen : defaultLogo;
  return (
    <img
      src={src}
      onError={() => chosen && setFailed(chosen)}
      alt={t('app.logoAlt', { region })}
      width={size}
      height={size}
      className="regional-logo"
    />
  );
}
