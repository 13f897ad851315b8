import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addServiceSchema, arraysQuerySchema, parseSectorLanguage, parseSectorScheme } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { callerOf } from '../../auth/authorize.js';
import { badRequest } from '../../errors.js';
import { addService, filterServices, getServiceTree, listSectorGroups } from './service.js';

function schemeAndLanguage(query: z.infer<typeof arraysQuerySchema>) {
  const rawScheme = query.scheme ?? query.sectorType;
  const scheme = parseSectorScheme(rawScheme);
  if (!scheme) throw badRequest(`Unknown scheme "${rawScheme}": use W120, CPC_PROV or CPC21`);
  const lang = parseSectorLanguage(query.lang);
  if (!lang) throw badRequest(`Unknown language "${query.lang}": use en, fr or ar`);
  return { scheme, lang };
}

/** The services classification trees (GET /arrays, /arrays-filter), sector groups and POST /add-services. */
export async function sectorsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/arrays',
    {
      schema: {
        tags: ['sectors'],
        summary: 'The service tree of a scheme (W120 default, CPC_PROV, CPC21) in a language',
        querystring: arraysQuerySchema,
      },
    },
    async (req) => {
      const { scheme, lang } = schemeAndLanguage(req.query);
      return { payload: await getServiceTree({ db: ctx.db, scheme, lang }) };
    },
  );
  r.get(
    '/arrays-filter',
    {
      schema: {
        tags: ['sectors'],
        summary: 'Nodes matching a service (code or words), with their ancestors',
        querystring: arraysQuerySchema,
      },
    },
    async (req) => {
      const { scheme, lang } = schemeAndLanguage(req.query);
      return { payload: await filterServices({ db: ctx.db, scheme, lang, service: req.query.services ?? '' }) };
    },
  );
  r.get(
    '/sector-groups',
    { schema: { tags: ['sectors'], summary: 'Sector groups by code prefix, from W/120' } },
    async () => ({
      payload: await listSectorGroups(),
    }),
  );
  r.post(
    '/add-services',
    {
      schema: {
        tags: ['sectors'],
        summary: 'Add a service to a tree (secretariat and admins)',
        body: addServiceSchema,
      },
    },
    async (req) => addService({ ...callerOf(req), db: ctx.db, body: req.body }),
  );
}
