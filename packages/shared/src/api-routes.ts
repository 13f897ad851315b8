import type { Access } from './roles.js';
import { OFFERS_API_ROUTES } from './offers/api-routes.js';
import { PROFILE_API_ROUTES } from './profile/api-routes.js';
import { ACCOUNT_API_ROUTES, BACKOFFICE_API_ROUTES } from './backoffice/api-routes.js';
import { RESPONSES_API_ROUTES } from './responses/api-routes.js';
import { CMS_API_ROUTES } from './cms/api-routes.js';
import { SECTORS_API_ROUTES } from './sectors/api-routes.js';
import { FILE_API_ROUTES } from './files/api-routes.js';
import { CHAT_API_ROUTES } from './chat/api-routes.js';
import { NOTIFICATIONS_API_ROUTES } from './notifications/api-routes.js';
import { PASSWORD_RESET_API_ROUTES } from './password-reset/api-routes.js';
import { DOCUMENTS_API_ROUTES } from './documents/api-routes.js';
import { NEWSLETTER_API_ROUTES } from './newsletter/api-routes.js';
import { REQUESTS_API_ROUTES } from './requests/api-routes.js';
import { COVERAGE_API_ROUTES } from './coverage/api-routes.js';
import { DASHBOARD_API_ROUTES } from './dashboard/api-routes.js';

/** Sign-in, profile and reference data: the foundation's calls. */
const CORE_API_ROUTES = {
  'POST /oauth/token': 'PUBLIC',
  'GET /home': 'PUBLIC',
  'GET /countries': 'PUBLIC',
  'GET /regions': 'PUBLIC',
  'GET /client-config': 'PUBLIC',
  /** Liveness and readiness for load balancers and orchestrators. */
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
