import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, dashboardStartSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { startCall } from '../../lib/answers-of.js';
import { actorOf } from '../../auth/authorize.js';
import { getDashboard } from './service.js';

const doc = routeDocs(['dashboard']);

/** The dashboard: what waits for the signed-in user, each item with the screen where it is handled. */
export async function dashboardRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dashboard',
    doc(
      "What waits for you: your country's offer, requests and counter offers received and not answered, rooms " +
        'with unread messages; for the secretariat, versions awaiting a decision and countries without an offer',
      dashboardSchema,
    ),
    async (req) => ({ payload: await getDashboard(ctx, { actor: actorOf(req) }) }),
  );
  startCall(
    app,
    '/dashboard/start',
    doc('What the dashboard needs at start, in one answer (the user, what waits for them)', dashboardStartSchema, {
      description:
        'Each part is the answer of its own call, status and body: GET /profile/current and GET /dashboard. A part ' +
        'refused does not refuse the other.',
    }),
    () => ({ profile: '/profile/current', dashboard: '/dashboard' }),
  );
}
