import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  OFFER_LIMITS,
  UPLOAD_MAX_BYTES,
  createResponseBodySchema,
  LANGUAGES,
  responseFileQuerySchema,
  responseOfferSchema,
  responseSummarySchema,
  type Language,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { addFileRule } from '../files/access.js';
import { readOptionalUpload } from '../files/upload.js';
import { exportResponse } from '../documents/service.js';
import { documentQueue } from '../documents/queue.js';
import {
  assertMayAttachPdf,
  attachResponsePdf,
  createResponse,
  getResponse,
  listResponses,
  responseFileRule,
  sendResponse,
} from './service.js';
import { entryRoutes } from './entry-routes.js';
import { registerDecisionAnnouncements } from './live.js';

const tags = ['counter offers'];
const doc = routeDocs(tags);
/** The profile's language for a document, English when it holds another. */
const profileLanguage = (language: string): Language =>
  (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
const plain = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** Counter offers: a country's answer to another country's submitted offer, with its PDF. */
export async function responsesRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  addFileRule('responses', responseFileRule);
  registerDecisionAnnouncements(ctx);
  await app.register(entryRoutes, { ctx });
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1 } });
  // POST /response-offer/file/{id} may come with a JSON content type and no body (the server then makes the PDF):
  // in this area an empty JSON body is no body rather than a 400; any other JSON is parsed as everywhere else.
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : json(req, String(body), done),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/response-offer/:id',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      ...doc('Answer the latest submitted version of an offer with a counter offer', responseSummarySchema, {
        params: idParamsSchema,
        body: createResponseBodySchema,
      }),
    },
    async (req) => ({
      payload: await createResponse(ctx, {
        ...callerOf(req),
        offerId: req.params.id,
        counterCountry: req.body.counterCountry,
        offer: req.body.offer as never,
      }),
    }),
  );
  r.post(
    '/response-offer/file/:id',
    doc(
      'Attach the PDF of a counter offer: the server makes it from the stored counter offer when no file is sent ' +
        '(?lang=en|fr|ar, default the profile language), or a multipart upload in the field file',
      responseSummarySchema,
      {
        consumes: ['multipart/form-data', 'application/json'],
        params: idParamsSchema,
        querystring: responseFileQuerySchema,
      },
    ),
    async (req) => {
      const actor = actorOf(req);
      // With no file, the server makes the PDF of the stored counter offer: text, never a browser canvas.
      let file = await readOptionalUpload(req);
      if (!file) {
        await assertMayAttachPdf(ctx, { actor, id: req.params.id });
        const language = req.query.lang ?? profileLanguage(actor.language);
        const made = await exportResponse(ctx, documentQueue(ctx), {
          actor,
          id: req.params.id,
          language,
          format: 'pdf',
        });
        file = { fileName: made.fileName, data: made.file };
      }
      return {
        payload: await attachResponsePdf(ctx, {
          actor,
          id: req.params.id,
          fileName: file.fileName,
          data: file.data,
          meta: requestMeta(req),
        }),
      };
    },
  );
  r.post(
    '/response-offer/:id/send',
    doc(
      "Send a focal point's draft counter offer in the country's name (its chief negotiator)",
      responseSummarySchema,
      { params: idParamsSchema },
    ),
    async (req) => ({
      payload: await sendResponse(ctx, { ...callerOf(req), id: req.params.id }),
    }),
  );
  r.get(
    '/response-offer',
    doc('Counter offers you may see, newest first', z.array(responseSummarySchema), {
      querystring: z.object({ offerId: z.string().max(64).optional() }),
    }),
    async (req) => ({
      payload: await listResponses(ctx, { actor: actorOf(req), offerId: req.query.offerId }),
    }),
  );
  r.get(
    '/response-offer/:id',
    {
      ...plain,
      ...doc('A counter offer with the version it answers', responseOfferSchema, { params: idParamsSchema }),
    },
    async (req) => ({
      payload: await getResponse(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
}
