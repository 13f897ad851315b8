import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { REGION_NAME, type ChatUser } from '@portal/shared';
import { RegionalLogo } from '../layout/RegionalLogo';
import { CountryBadge } from '../cms/CountryBadge';
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

/**
 * A participant's role as the chat lists show it (the spec's roles): the secretariat as the region's name ("African
 * Union", not the upper case of the profile page), "Admin", the regional advisor with their region ("Regional Advisor
 * (African Union)"), the others as everywhere ("Chief Negotiator", "Services Focal Point"); all in the interface
 * language. `regionName` is the configured region's name, already translated.
 */
export function chatRoleLabel(user: Pick<ChatUser, 'role' | 'regionName'>, t: TFunction, regionName: string): string {
  // The user's own region, translated when it is the default bloc (as useRegionName does for the configured one).
  const region = !user.regionName
    ? regionName
    : user.regionName === REGION_NAME
      ? t('app.regionName')
      : user.regionName;
  if (user.role === 'AFRICAN_UNION') return region;
  if (user.role === 'REGIONAL_ADVISOR')
    return t('chatPeople.roleWithRegion', { role: t('roles.REGIONAL_ADVISOR'), region });
  return t(`roles.${user.role}`);
}

/** `chatRoleLabel` bound to the interface language and the configured region. */
export function useChatRoleLabel(): (user: Pick<ChatUser, 'role' | 'regionName'>) => string {
  const { t } = useTranslation();
  const regionName = useRegionName();
  return (user) => chatRoleLabel(user, t, regionName);
}
