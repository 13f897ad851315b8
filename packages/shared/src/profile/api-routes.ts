import type { Access } from '../roles.js';
import { STAFF_ROLES } from '../roles.js';

export const PROFILE_API_ROUTES = {
  'PUT /profile': 'AUTHENTICATED',
  'PUT /profile/language': 'AUTHENTICATED',
  'POST /profile/reset': 'AUTHENTICATED',
  'POST /profile/invite': ['CHIEF_NEGOTIATOR', ...STAFF_ROLES],
  'GET /profile/focal': ['CHIEF_NEGOTIATOR', ...STAFF_ROLES],
  'GET /profile/check/offer/access': 'AUTHENTICATED',
  'GET /profile/invitation': 'PUBLIC',
  'POST /profile/register': 'PUBLIC',
  /** A pending invitation: whoever may invite that role and country may send it again or cancel it. */
  'POST /profile/invitations/:userId/resend': ['CHIEF_NEGOTIATOR', ...STAFF_ROLES],
  'DELETE /profile/invitations/:userId': ['CHIEF_NEGOTIATOR', ...STAFF_ROLES],
} as const satisfies Record<string, Access>;
