import type { Access } from '../roles.js';
import { STAFF_ROLES } from '../roles.js';

export const BACKOFFICE_API_ROUTES = {
  'GET /account-ms/logs/geo': STAFF_ROLES,
  'GET /users': STAFF_ROLES,
  'PUT /users/:id/status': STAFF_ROLES,
  /** The secretariat within the limits of assignableRoles (roles.ts). */
  'PUT /users/:id/role': STAFF_ROLES,
  'GET /users/dashboard': STAFF_ROLES,
  'PUT /home': STAFF_ROLES,
  /** Upload the logo (PNG, JPG or SVG) into the file store; the portal serves it to everyone. */
  'POST /home/logo': STAFF_ROLES,
  'GET /home/logo/:key': 'PUBLIC',
  'POST /contact-us': 'PUBLIC',
  'GET /account-ms/contact-us': STAFF_ROLES,
  'POST /account-ms/contact-us/replay/': STAFF_ROLES,
  'PUT /account-ms/contact-us/:id/archived': STAFF_ROLES,
  'GET /captcha/challenge': 'PUBLIC',
  'POST /newslettersubscriber': 'PUBLIC',
  'GET /newslettersubscriber': STAFF_ROLES,
} as const satisfies Record<string, Access>;

export const ACCOUNT_API_ROUTES = {
  'GET /users/:id/sessions': ['ADMIN'],
  'DELETE /users/:id/sessions': ['ADMIN'],
  /** One's own sessions, from the profile. */
  'GET /profile/sessions': 'AUTHENTICATED',
  'DELETE /profile/sessions': 'AUTHENTICATED',
  /** Users and audit logs as CSV or XLSX, with the screen's filters. */
  'GET /users/export': STAFF_ROLES,
  'GET /account-ms/logs/export': STAFF_ROLES,
} as const satisfies Record<string, Access>;
