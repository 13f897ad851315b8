import type { Access, Role } from './roles.js';
import { STAFF_ROLES } from './roles.js';
import { OFFERS_API_ROUTES } from './offers/api-routes.js';
import { PROFILE_API_ROUTES } from './profile/index.js';
import { ACCOUNT_API_ROUTES, BACKOFFICE_API_ROUTES } from './backoffice/index.js';
import { RESPONSES_API_ROUTES } from './responses/index.js';
import { CMS_API_ROUTES } from './cms/index.js';
import { SECTORS_API_ROUTES } from './sectors/api-routes.js';
import { FILE_API_ROUTES } from './files/api-routes.js';
import { CHAT_API_ROUTES } from './chat/api-routes.js';
import { NOTIFICATIONS_API_ROUTES } from './notifications/api-routes.js';
import { PASSWORD_RESET_API_ROUTES } from './password-reset/index.js';
import { DOCUMENTS_API_ROUTES } from './documents/index.js';
import { NEWSLETTER_API_ROUTES } from './newsletter/index.js';
import { REQUESTS_API_ROUTES } from './requests/index.js';
import { COVERAGE_API_ROUTES } from './coverage/index.js';
import { DASHBOARD_API_ROUTES } from './dashboard/index.js';

const CHIEF: readonly Role[] = ['CHIEF_NEGOTIATOR'];

/**
 * Every screen of the spec (section 2) and who may open it. The web app's router and guard are built
 * from this table, and the permission matrix test reads it, so the two sides cannot drift.
 */
export const WEB_ROUTES = {
  '/': 'PUBLIC',
  '/login': 'PUBLIC',
  '/register': 'PUBLIC',
  '/verify': 'PUBLIC',
  '/reset-password': 'PUBLIC',
  '/reset': 'PUBLIC',
  '/two-factor': 'PUBLIC',
  '/contact-us': 'PUBLIC',
  '/faqs': 'PUBLIC',
  '/faqs-externe': 'PUBLIC',
  '/country-information': 'PUBLIC',
  '/see-more-insights': 'PUBLIC',
  '/see-more-events': 'PUBLIC',
  '/see-more-contacts': 'PUBLIC',
  '/denied': 'PUBLIC',
  /** The links of the newsletter's confirmation mail (double opt-in, issue 12). */
  '/newsletter/confirm': 'PUBLIC',
  '/newsletter/unsubscribe': 'PUBLIC',

  '/dashboard': 'AUTHENTICATED',
  '/workspace': 'AUTHENTICATED',
  '/password-management': 'AUTHENTICATED',
  '/profile': 'AUTHENTICATED',
  '/add-offer': 'AUTHENTICATED',
  '/edit-offer/:id': 'AUTHENTICATED',
  '/response-offer/:id': 'AUTHENTICATED',
  '/view-response-offer/:id': 'AUTHENTICATED',
  '/compare-versions/:id': 'AUTHENTICATED',
  '/compare-versions/:id/:counterId': 'AUTHENTICATED',
  '/offers': 'AUTHENTICATED',
  '/offers-done': 'AUTHENTICATED',
  '/chat': 'AUTHENTICATED',
  '/chat/:id/:version': 'AUTHENTICATED',
  '/gats': 'AUTHENTICATED',
  '/gats/:id': 'AUTHENTICATED',
  '/afcfta': 'AUTHENTICATED',
  '/regions': 'AUTHENTICATED',
  '/notifications': 'AUTHENTICATED',
  '/legislation': 'AUTHENTICATED',
  '/change-password': 'AUTHENTICATED',
  '/request-offer': 'AUTHENTICATED',
  '/request-offer/:id': 'AUTHENTICATED',
  '/request-offer/:id/:requestId': 'AUTHENTICATED',

  '/offers-validate': STAFF_ROLES,
  '/compare-offers': STAFF_ROLES,
  '/home-members-section': STAFF_ROLES,
  '/home-objectives-section': STAFF_ROLES,
  '/home-footer-section': STAFF_ROLES,
  '/home-events-section': STAFF_ROLES,
  '/home-event-section': STAFF_ROLES,
  '/home-our-contacts-section': STAFF_ROLES,
  '/home-insight-section': STAFF_ROLES,
  '/faq-section': STAFF_ROLES,
  '/faq-section-externe': STAFF_ROLES,
  '/global-settings': STAFF_ROLES,
  '/backoffice/user-management': STAFF_ROLES,
  '/backoffice/contactus': STAFF_ROLES,
  '/backoffice/user-dashboard': STAFF_ROLES,
  '/backoffice/audit-logs': STAFF_ROLES,
  '/backoffice/offer-management': STAFF_ROLES,
  '/backoffice/country-management': STAFF_ROLES,
  '/backoffice/country-information': STAFF_ROLES,
  '/backoffice/abouts': STAFF_ROLES,
  /** The newsletter's subscribers, with their confirmation status and a CSV export (issue 14). */
  '/backoffice/newsletter': STAFF_ROLES,
  '/legislation-section': STAFF_ROLES,

  '/user-focal-management': CHIEF,
} as const satisfies Record<string, Access>;

export type WebRoute = keyof typeof WEB_ROUTES;

/** Sign-in, profile and reference data: the foundation's calls. */
const CORE_API_ROUTES = {
  'POST /oauth/token': 'PUBLIC',
  'GET /home': 'PUBLIC',
  'GET /countries': 'PUBLIC',
  'GET /regions': 'PUBLIC',
  'GET /client-config': 'PUBLIC',
  /** Liveness and readiness for load balancers and orchestrators (issue 11). */
  'GET /health': 'PUBLIC',
  'GET /ready': 'PUBLIC',

  'POST /log/logout': 'AUTHENTICATED',
  'GET /profile/current': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;

/**
 * Every API call (method and path under /api, as Fastify writes its parameters) and who may make it.
 * Each area keeps its own table beside its schemas and adds it here. The server refuses to start if a
 * route is registered that is not in this table, and the permission matrix test walks all of it.
 */
export const API_ROUTES = {
  ...CORE_API_ROUTES,
  ...OFFERS_API_ROUTES,
  ...PROFILE_API_ROUTES,
  ...BACKOFFICE_API_ROUTES,
  ...ACCOUNT_API_ROUTES,
  ...RESPONSES_API_ROUTES,
  ...CMS_API_ROUTES,
  ...SECTORS_API_ROUTES,
  ...FILE_API_ROUTES,
  ...CHAT_API_ROUTES,
  ...NOTIFICATIONS_API_ROUTES,
  ...PASSWORD_RESET_API_ROUTES,
  ...DOCUMENTS_API_ROUTES,
  ...NEWSLETTER_API_ROUTES,
  ...REQUESTS_API_ROUTES,
  ...COVERAGE_API_ROUTES,
  ...DASHBOARD_API_ROUTES,
} as const satisfies Record<string, Access>;

/** The access rule of an API route, or undefined when the route is not in the table. */
export function apiAccess(method: string, path: string): Access | undefined {
  return (API_ROUTES as Record<string, Access>)[`${method.toUpperCase()} ${path}`];
}
