import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countryActiveSchema, countrySchema, dbIdParam } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { callerOf } from '../../auth/authorize.js';
import { routeDocs } from '../../lib/route-doc.js';
import { listCountries, setCountryActive } from './service.js';

const doc = routeDocs(['countries']);

/** The member states: listed for everyone, activated and deactivated by the secretariat (country management). */
export async function countriesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/countries', doc('Member states', z.array(countrySchema)), async () => ({
    payload: await listCountries(ctx.db),
  }));
  r.put(
    '/countries/:id/active',
    doc('Activate or deactivate a country (deactivating signs its users out live)', countrySchema, {
      params: z.object({ id: dbIdParam }),
      body: countryActiveSchema,
    }),
    async (req) => ({
      payload: await setCountryActive(ctx, { ...callerOf(req), countryId: req.params.id, active: req.body.active }),
    }),
  );
}
