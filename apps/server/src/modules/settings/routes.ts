import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKOFFICE_MESSAGES, envelope, homeSettingsSchema, homeSettingsUpdateSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { getHomeSettings, updateHomeSettings } from './service.js';

/** The home settings (logo, region title, links, colours): read by everyone, changed by the secretariat. */
export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/home',
    {
      schema: {
        tags: ['reference'],
        summary: 'Logo, region title and home settings',
        response: { 200: envelope(homeSettingsSchema) },
      },
    },
    async () => ({
      payload: await getHomeSettings(ctx.db),
    }),
  );
  r.put(
    '/home',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change the home settings (logo, region title, links, colours)',
        body: homeSettingsUpdateSchema,
        response: { 200: envelope(homeSettingsSchema) },
      },
    },
    async (req) => ({
      payload: await updateHomeSettings(ctx, { actor: actorOf(req), changes: req.body, meta: requestMeta(req) }),
      message: BACKOFFICE_MESSAGES.settingsSaved,
    }),
  );
}
