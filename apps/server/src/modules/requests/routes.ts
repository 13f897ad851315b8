import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFER_LIMITS,
  answerRequestBodySchema,
  offerRequestSchema,
  requestBodySchema,
  requestDiscussionSchema,
  requestListsSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { routeDocs } from '../../lib/route-doc.js';
import { actorOf, callerOf } from '../../auth/authorize.js';
import { discussRequest } from './discuss.js';
import { answerRequest, createRequest, getRequest, listRequests, saveRequest, withdrawRequest } from './service.js';

const doc = routeDocs(['requests']);
const offerParams = z.object({ offerId: z.string().max(64) });
const requestParams = offerParams.extend({ requestId: z.string().max(64) });
const plain = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** What the services acting on one request take from the call: who acts, the offer and request named, the meta. */
function requestTarget(req: FastifyRequest & { params: z.infer<typeof requestParams> }) {
  return { ...callerOf(req), offerId: req.params.offerId, id: req.params.requestId };
}

/** Requests (request–offer method): a country asks another to bind sectors and modes of its conditional offer. */
export async function requestsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/request-offer',
    doc(
      "Requests your country sent (drafts included) and received; the secretariat's: all sent, in received",
      requestListsSchema,
    ),
    async (req) => ({ payload: await listRequests(ctx, { actor: actorOf(req) }) }),
  );
  r.post(
    '/request-offer/:offerId',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      ...doc(
        "Request sectors of another country's conditional offer: a draft, or sent (submitted, chief negotiator)",
        offerRequestSchema,
        { params: offerParams, body: requestBodySchema },
      ),
    },
    async (req) => ({
      payload: await createRequest(ctx, { ...callerOf(req), offerId: req.params.offerId, body: req.body }),
    }),
  );
  r.get(
    '/request-offer/:offerId/:requestId',
    {
      ...plain,
      ...doc('One request, its answer and what you may do with it', offerRequestSchema, { params: requestParams }),
    },
    async (req) => ({
      payload: await getRequest(ctx, { actor: actorOf(req), offerId: req.params.offerId, id: req.params.requestId }),
    }),
  );
  r.put(
    '/request-offer/:offerId/:requestId',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      ...doc('Change a draft request; submitted: true sends it (chief negotiator)', offerRequestSchema, {
        params: requestParams,
        body: requestBodySchema,
      }),
    },
    async (req) => ({
      payload: await saveRequest(ctx, { ...requestTarget(req), body: req.body }),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/answer',
    doc(
      "Answer a request sent to your country's offer: a version of it, a counter offer, or a note",
      offerRequestSchema,
      { params: requestParams, body: answerRequestBodySchema },
    ),
    async (req) => ({
      payload: await answerRequest(ctx, { ...requestTarget(req), body: req.body }),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/withdraw',
    doc('Withdraw a request your country made (not once answered)', offerRequestSchema, { params: requestParams }),
    async (req) => ({
      payload: await withdrawRequest(ctx, requestTarget(req)),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/discuss',
    doc(
      "Open the two countries' negotiation room about a sent request; the first call posts a message quoting it",
      requestDiscussionSchema,
      { params: requestParams },
    ),
    async (req) => ({
      payload: await discussRequest(ctx, requestTarget(req)),
    }),
  );
}
