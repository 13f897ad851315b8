import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REGION_NAME, clientConfigSchema, envelope, regionSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { listRegions } from './service.js';

export async function referenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/regions',
    {
      schema: {
        tags: ['reference'],
        summary: 'Regions of the bloc',
        response: { 200: envelope(z.array(regionSchema)) },
      },
    },
    async () => ({
      payload: await listRegions(ctx.db),
    }),
  );
  r.get(
    '/client-config',
    {
      schema: {
        tags: ['reference'],
        summary: 'Settings the web app reads at start',
        response: { 200: envelope(clientConfigSchema) },
      },
    },
    async () => ({
      payload: {
        idleTimeoutMs: ctx.config.idleTimeoutMs,
        idleCountdownSeconds: ctx.config.idleCountdownSeconds,
        regionName: REGION_NAME,
        machineTranslation: !!ctx.config.translateUrl,
      },
    }),
  );
}
