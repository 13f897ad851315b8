import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
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
}
