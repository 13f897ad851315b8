import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, activeSessionSchema, envelope, sessionsEndedSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { activeSessions, endAllSessions, userSessions } from './accounts.js';

const tags = ['users'];

/** The account tools: a user's sessions and signing out everywhere. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/:id/sessions',
    {
      schema: {
        tags,
        summary: "A user's active sessions (administrators)",
        params: idParamsSchema,
        response: { 200: envelope(z.array(activeSessionSchema)) },
      },
    },
    async (req) => ({ payload: await userSessions(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  r.delete(
    '/users/:id/sessions',
    {
      schema: {
        tags,
        summary: 'Sign a user out everywhere, at once (administrators)',
        params: idParamsSchema,
        response: { 200: envelope(sessionsEndedSchema) },
      },
    },
    async (req) => ({
      payload: await endAllSessions(ctx, { actor: actorOf(req), id: req.params.id, meta: requestMeta(req) }),
      message: ACCOUNT_MESSAGES.signedOutEverywhere,
    }),
  );
  r.get(
    '/profile/sessions',
    {
      schema: {
        tags: ['profile'],
        summary: "One's own active sessions (`current` marks this one)",
        response: { 200: envelope(z.array(activeSessionSchema)) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return { payload: await activeSessions(ctx, { userId: actor.id, currentSessionId: actor.sessionId }) };
    },
  );
  r.delete(
    '/profile/sessions',
    {
      schema: {
        tags: ['profile'],
        summary: 'Sign out everywhere, this session included',
        response: { 200: envelope(sessionsEndedSchema) },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      return {
        payload: await endAllSessions(ctx, { actor, id: actor.id, meta: requestMeta(req) }),
        message: ACCOUNT_MESSAGES.signedOutEverywhere,
      };
    },
  );
}
