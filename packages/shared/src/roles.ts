/** The six roles of the spec. AUTHENTICATED is implied for every signed-in user. */
export const ROLES = ['ADMIN', 'AFRICAN_UNION', 'CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const;
export type Role = (typeof ROLES)[number];

/** Whether a value read from outside (a token's claim) is one of the roles. */
export function isRole(value: unknown): value is Role {
  return (ROLES as readonly unknown[]).includes(value);
}

/** What a route or call requires: anyone, any signed-in user, or one of the listed roles. */
export type Access = 'PUBLIC' | 'AUTHENTICATED' | readonly Role[];

/** The regional secretariat and administrators: back office, CMS, validation, compare offers. */
export const STAFF_ROLES: readonly Role[] = ['AFRICAN_UNION', 'ADMIN'];

/**
 * A country's negotiators, who write its offer: the chief negotiator (who submits) and the focal points (who draft).
 */
export const COUNTRY_WRITER_ROLES: readonly Role[] = ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT'];

/** Those who can hold an offer's pen: a country's negotiators, and the secretariat for offers it creates. */
export const OFFER_EDITOR_ROLES: readonly Role[] = [...COUNTRY_WRITER_ROLES, ...STAFF_ROLES];

/** The one answer to "is this role staff?" (the secretariat or an administrator), on both sides. */
export function isStaff(role: Role | undefined | null): boolean {
  return role != null && STAFF_ROLES.includes(role);
}

/** Roles that write their own country's offer: the chief negotiator (who submits) and the focal points (who draft). */
export function writesCountryOffer(role: Role | undefined | null): boolean {
  return role != null && COUNTRY_WRITER_ROLES.includes(role);
}

/** The spec's rule: AUTHENTICATED admits any signed-in user, otherwise one of the listed roles. */
export function hasAccess(access: Access, role: Role | null | undefined): boolean {
  if (access === 'PUBLIC') return true;
  if (!role) return false;
  if (access === 'AUTHENTICATED') return true;
  return access.includes(role);
}

/** Roles the user may invite (the spec's roles). */
export function invitableRoles(inviter: Role): Role[] {
  if (inviter === 'CHIEF_NEGOTIATOR') return ['SERVICE_FOCAL_POINT'];
  // An administrator also invites the secretariat and other administrators, who have no country.
  if (inviter === 'ADMIN') return ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'AFRICAN_UNION', 'ADMIN'];
  if (isStaff(inviter)) return ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT'];
  return [];
}

/** Whether a role belongs to a country (the spec's roles: its negotiators); the other roles have no country. */
export function needsCountry(role: Role): boolean {
  return COUNTRY_WRITER_ROLES.includes(role);
}

/**
 * Roles an actor may give in the back office, and the only roles of the accounts whose role or country they may change:
 * an administrator any role; the secretariat, as when it invites (the spec's roles), a country's chief negotiator
 * or focal point, never an administrator's, the secretariat's or a regional advisor's account.
 */
export function assignableRoles(actor: Role): readonly Role[] {
  if (actor === 'ADMIN') return ROLES;
  if (actor === 'AFRICAN_UNION') return COUNTRY_WRITER_ROLES;
  return [];
}

/** The roles shown by their own name; the secretariat is shown by its region's (displayedRole). */
export type NamedRole = Exclude<Role, 'AFRICAN_UNION'>;

/** The roles' names in English, as the profile's `userRole` gives them (the web app's are its i18n `roles`). */
export const ROLE_NAMES_EN: Record<NamedRole, string> = {
  ADMIN: 'Admin',
  CHIEF_NEGOTIATOR: 'Chief Negotiator',
  SERVICE_FOCAL_POINT: 'Services Focal Point',
  REGIONAL_ADVISOR: 'Regional Advisor',
};

/**
 * How a role is shown (the spec's roles), on the server and in the browser: the secretariat as the region's name in
 * upper case (in `language`), the others by their name (`nameOf`, in the reader's language).
 */
export function displayedRole(
  role: Role,
  nameOf: (role: NamedRole) => string,
  regionName: string,
  language = 'en',
): string {
  return role === 'AFRICAN_UNION' ? regionName.toLocaleUpperCase(language) : nameOf(role);
}
