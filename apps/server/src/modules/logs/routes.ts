import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogQuerySchema, auditLogSchema, pageOf } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { listAuditLogs } from './service.js';

const doc = routeDocs(['logs']);

export async function logsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/account-ms/logs/geo',
    doc('The audit trail, newest first, with country-level location', pageOf(auditLogSchema), {
      description:
        'Each row whose value names an offer (`offerId`) or a chat room (`roomId`) carries it named as it is now: ' +
        "`offer` (its name as written, its country's code and English name) and `room` (its title), a null name " +
        'when nothing has that id any more; null when the value names none. The value itself is unchanged.',
      querystring: auditLogQuerySchema,
    }),
    async (req) => ({ payload: await listAuditLogs(ctx.db, req.query) }),
  );
}
