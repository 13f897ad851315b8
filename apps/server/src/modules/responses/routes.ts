import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  OFFER_LIMITS,
  UPLOAD_MAX_BYTES,
  createResponseBodySchema,
  envelope,
  responseOfferSchema,
  responseSummarySchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../auth/routes.js';
import { addFileRule } from '../files/access.js';
import { readUpload } from '../files/routes.js';
import { attachResponsePdf, createResponse, getResponse, listResponses, responseFileRule } from './service.js';

const tags = ['counter offers'];
const idParams = z.object({ id: z.string().max(64) });
const plain = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Counter offers: a country's answer to another country's submitted offer, with its PDF. */
export async function responsesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  addFileRule('responses', responseFileRule);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/response-offer/:id',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary: 'Answer the latest submitted version of an offer with a counter offer',
        params: idParams,
        body: createResponseBodySchema,
        response: { 200: envelope(responseSummarySchema) },
      },
    },
    async (req) => ({
      payload: await createResponse(ctx, {
        actor: actorOf(req),
        offerId: req.params.id,
        counterCountry: req.body.counterCountry,
        offer: req.body.offer as never,
        meta: requestMeta(req),
      }),
    }),
  );
  r.post(
    '/response-offer/file/:id',
    {
      schema: {
        tags,
        summary: 'Attach the PDF of a counter offer (multipart, field file)',
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: envelope(responseSummarySchema) },
      },
    },
    async (req) => {
      const { fileName, data } = await readUpload(req);
      return {
        payload: await attachResponsePdf(ctx, {
          actor: actorOf(req),
          id: req.params.id,
          fileName,
          data,
          meta: requestMeta(req),
        }),
      };
    },
  );
  r.get(
    '/response-offer',
    {
      schema: {
        tags,
        summary: 'Counter offers you may see, newest first',
        querystring: z.object({ offerId: z.string().max(64).optional() }),
        response: { 200: envelope(z.array(responseSummarySchema)) },
      },
    },
    async (req) => ({
      payload: await listResponses(ctx, { actor: actorOf(req), offerId: req.query.offerId }),
    }),
  );
  r.get(
    '/response-offer/:id',
    {
      ...plain,
      schema: {
        tags,
        summary: 'A counter offer with the version it answers',
        params: idParams,
        response: { 200: envelope(responseOfferSchema) },
      },
    },
    async (req) => ({
      payload: await getResponse(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
}
