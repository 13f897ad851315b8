import type { Profile, Role, TitlePrefix } from '@portal/shared';
import { REGION_NAME, ROLE_NAMES_EN, displayedRole, isStaff } from '@portal/shared';
import type { users } from '../../db/schema/index.js';

type UserRow = typeof users.$inferSelect;

/** How a role is shown in English (displayedRole): the profile's and chat people's `userRole`. */
export function roleDisplayName(role: Role): string {
  return displayedRole(role, (named) => ROLE_NAMES_EN[named], REGION_NAME);
}

/** The only way from a user row to the Profile the API returns: no hash, no counters. */
export function presentProfile(
  user: UserRow,
  country: { code: string; name: string } | null,
  region: { id: number; name: string } | null,
): Profile {
  const role = user.role;
  return {
    userId: user.id,
    name: `${user.firstName} ${user.lastName}`,
    firstName: user.firstName,
    lastName: user.lastName,
    language: user.language,
    email: user.email,
    role,
    roles: [role],
    userRole: roleDisplayName(role),
    countryCode: isStaff(role) ? null : (country?.code ?? null),
    countryName: isStaff(role) ? null : (country?.name ?? null),
    region: region?.id ?? null,
    regionName: region?.name ?? null,
    title: user.title,
    titlePrefix: (user.titlePrefix as TitlePrefix | null) ?? null,
    phoneNumber: user.phoneNumber,
    whatsappNumber: user.whatsappNumber,
    proofOfCountry: user.proofOfCountry,
    accreditationDetails: user.accreditationDetails,
    userInfo: { authorities: ['AUTHENTICATED', role] },
  };
}
