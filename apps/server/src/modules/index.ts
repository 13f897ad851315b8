import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { authRoutes } from './auth/routes.js';
import { profileRoutes } from './profile/routes.js';
import { referenceRoutes } from './reference/routes.js';
import { countriesRoutes } from './countries/routes.js';
import { offersRoutes } from './offers/routes.js';
import { logsRoutes } from './logs/routes.js';
import { usersRoutes } from './users/routes.js';
import { accountRoutes } from './users/account-routes.js';
import { exportRoutes } from './users/export-routes.js';
import { settingsRoutes } from './settings/routes.js';
import { contactRoutes } from './contact/routes.js';
import { newsletterRoutes } from './newsletter/routes.js';
import { responsesRoutes } from './responses/routes.js';
import { cmsRoutes } from './cms/routes.js';
import { sectorsRoutes } from './sectors/routes.js';
import { gatsRoutes } from './gats/routes.js';
import { filesRoutes } from './files/routes.js';
import { chatRoutes } from './chat/routes.js';
import { notificationsRoutes } from './notifications/routes.js';
import { passwordRoutes } from './password/routes.js';
import { documentsRoutes } from './documents/routes.js';
import { requestsRoutes } from './requests/routes.js';
import { coverageRoutes } from './coverage/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';

/**
 * Every area's routes, registered under /api. An area adds one line here and its access rules to
 * the permission table in packages/shared.
 */
const AREAS = [
  authRoutes,
  profileRoutes,
  referenceRoutes,
  countriesRoutes,
  offersRoutes,
  logsRoutes,
  usersRoutes,
  accountRoutes,
  exportRoutes,
  settingsRoutes,
  contactRoutes,
  newsletterRoutes,
  responsesRoutes,
  cmsRoutes,
  sectorsRoutes,
  gatsRoutes,
  filesRoutes,
  chatRoutes,
  notificationsRoutes,
  passwordRoutes,
  documentsRoutes,
  requestsRoutes,
  coverageRoutes,
  dashboardRoutes,
];

export async function registerAreas(api: FastifyInstance, ctx: AppContext) {
  for (const area of AREAS) await api.register(area, { ctx });
}
