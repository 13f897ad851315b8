import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  coverageQuerySchema,
  coverageSchema,
  coverageStartSchema,
  DEFAULT_COVERAGE_LEVEL,
  envelope,
  gatsPlusQuerySchema,
  gatsPlusSchema,
  requestMatrixSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { startCall } from '../../lib/answers-of.js';
import { actorOf } from '../../auth/authorize.js';
import { computeCoverage } from './service.js';
import { computeGatsPlus } from './gats-plus.js';
import { requestMatrix } from './request-matrix.js';
import { coverageWorkbook } from './workbook.js';
import { warmCoverage } from './warm.js';

const tags = ['coverage'];
const doc = routeDocs(tags);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportQuery = coverageQuerySchema.extend({
  /** base64: the workbook inside the JSON envelope, for the web app (as the GATS export). */
  encoding: z.enum(['binary', 'base64']).default('binary'),
  /** The language of the workbook's headings and sector titles. */
  lang: z.enum(['en', 'fr', 'ar']).default('en'),
});

/** Commitment coverage: sector × mode counts (JSON or XLSX), GATS+ at a glance, the request–offer matrix. */
export async function coverageRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  warmCoverage(app, ctx);
  startCall(
    app,
    '/coverage/start',
    doc('What the workspace needs at start, in one answer (the user, the coverage by sector)', coverageStartSchema, {
      description:
        'Each part is the answer of its own call, status and body: GET /profile/current and GET /coverage at the ' +
        'level the workspace shows first. A part refused does not refuse the other.',
    }),
    () => ({ profile: '/profile/current', coverage: `/coverage?level=${DEFAULT_COVERAGE_LEVEL}` }),
  );

  r.get(
    '/coverage',
    {
      schema: {
        tags,
        summary:
          'Sector × mode counts of full, partial, unbound and not scheduled commitments of the submitted offers ' +
          '(one country or the bloc, by region and offer status); format=xlsx exports them',
        querystring: exportQuery,
        response: { 200: z.union([envelope(coverageSchema), z.any()]) },
      },
    },
    async (req, reply) => {
      const { format, encoding, lang, ...filter } = req.query;
      const coverage = await computeCoverage(ctx, filter);
      if (format === 'json')
        return reply.type('application/json; charset=utf-8').send(JSON.stringify({ payload: coverage }));
      const file = await coverageWorkbook(coverage, lang);
      const fileName = `coverage-${(coverage.country ?? coverage.region ?? 'bloc').toLowerCase()}-${coverage.level}.xlsx`;
      if (encoding === 'base64')
        return { payload: { fileName, contentType: XLSX_TYPE, base64: file.toString('base64') } };
      return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${fileName}"`).send(file);
    },
  );
  r.get(
    '/coverage/gats-plus',
    doc(
      "Where a country's offer goes beyond its own GATS commitments, per sector and mode (computed)",
      gatsPlusSchema,
      { querystring: gatsPlusQuerySchema },
    ),
    async (req) => ({ payload: await computeGatsPlus(ctx, { country: req.query.country }) }),
  );
  r.get(
    '/coverage/requests',
    doc('Request–offer matrix: requesting × requested country, sectors asked and answered', requestMatrixSchema),
    async (req) => ({ payload: await requestMatrix(ctx, { actor: actorOf(req) }) }),
  );
}
