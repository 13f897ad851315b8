import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BACKOFFICE_MESSAGES,
  managedUserSchema,
  pageOf,
  userDashboardSchema,
  userQuerySchema,
  userRoleBodySchema,
  userStatusBodySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { callerOf } from '../../auth/authorize.js';
import { listUsers, setUserStatus, userDashboard } from './service.js';
import { changeUserRole } from './role.js';

const doc = routeDocs(['users']);
/** The user a back-office change is about. */

export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users',
    doc('All users, searchable and filtered', pageOf(managedUserSchema), { querystring: userQuerySchema }),
    async (req) => ({
      payload: await listUsers(ctx, req.query),
    }),
  );
  r.get(
    '/users/dashboard',
    doc('Users by role, status and country; sign-ins in the last 30 days', userDashboardSchema),
    async () => ({
      payload: await userDashboard(ctx),
    }),
  );
  r.put(
    '/users/:id/status',
    doc('Activate or deactivate a user (deactivation ends their sessions)', managedUserSchema, {
      params: idParamsSchema,
      body: userStatusBodySchema,
    }),
    async (req) => ({
      payload: await setUserStatus(ctx, { ...callerOf(req), id: req.params.id, status: req.body.status }),
      message: BACKOFFICE_MESSAGES.userUpdated,
    }),
  );
  r.put(
    '/users/:id/role',
    doc(
      "Change a user's role or country (section 6; their live connections reconnect with the new role)",
      managedUserSchema,
      { params: idParamsSchema, body: userRoleBodySchema },
    ),
    async (req) => ({
      payload: await changeUserRole(ctx, { ...callerOf(req), id: req.params.id, body: req.body }),
      message: BACKOFFICE_MESSAGES.roleChanged,
    }),
  );
}
