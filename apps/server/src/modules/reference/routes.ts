import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REGION_NAME, clientConfigSchema, regionSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { listRegions } from './service.js';

const doc = routeDocs(['reference']);

export async function referenceRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/regions', doc('Regions of the bloc', z.array(regionSchema)), async () => ({
    payload: await listRegions(ctx.db),
  }));
  r.get('/client-config', doc('Settings the web app reads at start', clientConfigSchema), async () => ({
    payload: {
      idleTimeoutMs: ctx.config.idleTimeoutMs,
      idleCountdownSeconds: ctx.config.idleCountdownSeconds,
      regionName: REGION_NAME,
      machineTranslation: !!ctx.config.translateUrl,
    },
  }));
}
