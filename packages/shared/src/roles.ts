/** The six roles of the spec (section 6). AUTHENTICATED is implied for every signed-in user. */
export const ROLES = ['ADMIN', 'AFRICAN_UNION', 'CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'REGIONAL_ADVISOR'] as const;
export type Role = (typeof ROLES)[number];

/** What a route or call requires: anyone, any signed-in user, or one of the listed roles. */
export type Access = 'PUBLIC' | 'AUTHENTICATED' | readonly Role[];

/** The regional secretariat and administrators: back office, CMS, validation, compare offers. */
export const STAFF_ROLES = ['AFRICAN_UNION', 'ADMIN'] as const satisfies readonly Role[];

export function isStaff(role: Role | undefined | null): boolean {
  return role === 'AFRICAN_UNION' || role === 'ADMIN';
}

/** The spec's rule: AUTHENTICATED admits any signed-in user, otherwise one of the listed roles. */
export function hasAccess(access: Access, role: Role | null | undefined): boolean {
  if (access === 'PUBLIC') return true;
  if (!role) return false;
  if (access === 'AUTHENTICATED') return true;
  return access.includes(role);
}

/** Roles the user may invite (section 6). */
export function invitableRoles(inviter: Role): Role[] {
  if (inviter === 'CHIEF_NEGOTIATOR') return ['SERVICE_FOCAL_POINT'];
  if (isStaff(inviter)) return ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT'];
  return [];
}
