import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BACKOFFICE_MESSAGES, envelope, homeSettingsSchema, homeSettingsUpdateSchema } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../auth/routes.js';
import { settings } from '../../db/schema/index.js';
import { writeAudit } from '../logs/service.js';
import { HOME_SETTINGS_KEY, getHomeSettings } from '../reference/service.js';

export async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
    async (req) => {
      const actor = actorOf(req);
      const current = await getHomeSettings(ctx.db);
      const next = { ...current, ...req.body };
      await ctx.db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: HOME_SETTINGS_KEY, value: next })
          .onConflictDoUpdate({ target: settings.key, set: { value: next } });
        await writeAudit(tx, {
          action: 'SETTINGS_CHANGED',
          logUser: actor.email,
          value: req.body,
          meta: requestMeta(req),
        });
      });
      return { payload: next, message: BACKOFFICE_MESSAGES.settingsSaved };
    },
  );
}
