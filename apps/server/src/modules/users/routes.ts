import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BACKOFFICE_MESSAGES,
  envelope,
  managedUserSchema,
  pageOf,
  userDashboardSchema,
  userQuerySchema,
  userRoleBodySchema,
  userStatusBodySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { listUsers, setUserStatus, userDashboard } from './service.js';
import { changeUserRole } from './role.js';

const tags = ['users'];
/** The user a back-office change is about. */

export async function usersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'All users, searchable and filtered',
        querystring: userQuerySchema,
        response: { 200: envelope(pageOf(managedUserSchema)) },
      },
    },
    async (req) => ({
      payload: await listUsers(ctx, req.query),
    }),
  );
  r.get(
    '/users/dashboard',
    {
      schema: {
        tags,
        summary: 'Users by role, status and country; sign-ins in the last 30 days',
        response: { 200: envelope(userDashboardSchema) },
      },
    },
    async () => ({
      payload: await userDashboard(ctx),
    }),
  );
  r.put(
    '/users/:id/status',
    {
      schema: {
        tags,
        summary: 'Activate or deactivate a user (deactivation ends their sessions)',
        params: idParamsSchema,
        body: userStatusBodySchema,
        response: { 200: envelope(managedUserSchema) },
      },
    },
    async (req) => ({
      payload: await setUserStatus(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        status: req.body.status,
        meta: requestMeta(req),
      }),
      message: BACKOFFICE_MESSAGES.userUpdated,
    }),
  );
  r.put(
    '/users/:id/role',
    {
      schema: {
        tags,
        summary: "Change a user's role or country (section 6; their live connections reconnect with the new role)",
        params: idParamsSchema,
        body: userRoleBodySchema,
        response: { 200: envelope(managedUserSchema) },
      },
    },
    async (req) => ({
      payload: await changeUserRole(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        body: req.body,
        meta: requestMeta(req),
      }),
      message: BACKOFFICE_MESSAGES.roleChanged,
    }),
  );
}
