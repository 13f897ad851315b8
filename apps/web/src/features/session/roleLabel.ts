import type { TFunction } from 'i18next';
import type { Role } from '@portal/shared';

/** The spec's displayed role names: the secretariat shows the region name in upper case. */
export function roleLabel(role: Role, t: TFunction, regionName: string, language: string): string {
  return role === 'AFRICAN_UNION' ? regionName.toLocaleUpperCase(language) : t(`roles.${role}`);
}
