import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryActiveSchema, countrySchema, dbIdParam, envelope } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { listCountries, setCountryActive } from './service.js';

/** The member states: listed for everyone, activated and deactivated by the secretariat (country management). */
export async function countriesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/countries',
    { schema: { tags: ['countries'], summary: 'Member states', response: { 200: envelope(z.array(countrySchema)) } } },
    async () => ({
      payload: await listCountries(ctx.db),
    }),
  );
  r.put(
    '/countries/:id/active',
    {
      schema: {
        tags: ['countries'],
        summary: 'Activate or deactivate a country (deactivating signs its users out live)',
        params: z.object({ id: dbIdParam }),
        body: countryActiveSchema,
        response: { 200: envelope(countrySchema) },
      },
    },
    async (req) => ({
      payload: await setCountryActive(ctx, {
        actor: actorOf(req),
        countryId: req.params.id,
        active: req.body.active,
        meta: requestMeta(req),
      }),
    }),
  );
}
