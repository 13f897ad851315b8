import type { TFunction } from 'i18next';
import { displayedRole, type Role } from '@portal/shared';

/** A role as the screens show it (displayedRole), its name in the interface language (i18n `roles`). */
export function roleLabel(role: Role, t: TFunction, regionName: string, language: string): string {
  return displayedRole(role, (named) => t(`roles.${named}`), regionName, language);
}
