import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, activeSessionSchema, sessionsEndedSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { activeSessions, endAllSessions, userSessions } from './accounts.js';

const doc = routeDocs(['users']);
/** One's own sessions are documented with the profile. */
const profileDoc = routeDocs(['profile']);

/** The account tools: a user's sessions and signing out everywhere. */
export async function accountRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/users/:id/sessions',
    doc("A user's active sessions (administrators)", z.array(activeSessionSchema), { params: idParamsSchema }),
    async (req) => ({ payload: await userSessions(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  r.delete(
    '/users/:id/sessions',
    doc('Sign a user out everywhere, at once (administrators)', sessionsEndedSchema, { params: idParamsSchema }),
    async (req) => ({
      payload: await endAllSessions(ctx, { ...callerOf(req), id: req.params.id }),
      message: ACCOUNT_MESSAGES.signedOutEverywhere,
    }),
  );
  r.get(
    '/profile/sessions',
    profileDoc("One's own active sessions (`current` marks this one)", z.array(activeSessionSchema)),
    async (req) => {
      const actor = actorOf(req);
      return { payload: await activeSessions(ctx, { userId: actor.id, currentSessionId: actor.sessionId }) };
    },
  );
  r.delete(
    '/profile/sessions',
    profileDoc('Sign out everywhere, this session included', sessionsEndedSchema),
    async (req) => {
      const { actor, meta } = callerOf(req);
      return {
        payload: await endAllSessions(ctx, { actor, id: actor.id, meta }),
        message: ACCOUNT_MESSAGES.signedOutEverywhere,
      };
    },
  );
}
