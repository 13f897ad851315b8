import { useTranslation } from 'react-i18next';
import type { ChatUser } from '@portal/shared';
import { RegionalLogo } from '../layout/RegionalLogo';
import { CountryBadge } from '../cms/CountryBadge';
import { roleLabel } from '../session/roleLabel';
import { useRegionName } from '../session/useRegionName';

/** A country's flag (the badge of its code, as on the home page); the secretariat and admins get the regional logo. */
export function Flag({ code, size = 20 }: { code: string | null; size?: number }) {
  if (!code) return <RegionalLogo size={size} />;
  return (
    <span className="chat-flag" role="img" aria-label={code.toUpperCase()}>
      <CountryBadge code={code} size={size} />
    </span>
  );
}

/** The spec's displayed role: the region name in upper case for the secretariat, the advisor with its region. */
export function useChatRoleLabel(): (user: Pick<ChatUser, 'role' | 'regionName'>) => string {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  return (user) => {
    const label = roleLabel(user.role, t, regionName, i18n.language);
    return user.role === 'REGIONAL_ADVISOR' && user.regionName ? `${label} (${user.regionName})` : label;
  };
}
