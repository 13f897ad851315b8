import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OFFER_LIMITS,
  answerRequestBodySchema,
  envelope,
  offerRequestSchema,
  requestBodySchema,
  requestDiscussionSchema,
  requestListsSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { actorOf } from '../../auth/authorize.js';
import { requestMeta } from '../../lib/request-meta.js';
import { discussRequest } from './discuss.js';
import { answerRequest, createRequest, getRequest, listRequests, saveRequest, withdrawRequest } from './service.js';

const tags = ['requests'];
const offerParams = z.object({ offerId: z.string().max(64) });
const requestParams = offerParams.extend({ requestId: z.string().max(64) });
const plain = { serializerCompiler: () => (data: unknown) => JSON.stringify(data) };

/** What the services acting on one request take from the call: who acts, the offer and request named, the meta. */
function requestTarget(req: FastifyRequest & { params: z.infer<typeof requestParams> }) {
  return { actor: actorOf(req), offerId: req.params.offerId, id: req.params.requestId, meta: requestMeta(req) };
}

/** Requests (request–offer method): a country asks another to bind sectors and modes of its conditional offer. */
export async function requestsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/request-offer',
    {
      schema: {
        tags,
        summary: "Requests your country sent (drafts included) and received; the secretariat's: all sent, in received",
        response: { 200: envelope(requestListsSchema) },
      },
    },
    async (req) => ({ payload: await listRequests(ctx, { actor: actorOf(req) }) }),
  );
  r.post(
    '/request-offer/:offerId',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary:
          "Request sectors of another country's conditional offer: a draft, or sent (submitted, chief negotiator)",
        params: offerParams,
        body: requestBodySchema,
        response: { 200: envelope(offerRequestSchema) },
      },
    },
    async (req) => ({
      payload: await createRequest(ctx, {
        actor: actorOf(req),
        offerId: req.params.offerId,
        body: req.body,
        meta: requestMeta(req),
      }),
    }),
  );
  r.get(
    '/request-offer/:offerId/:requestId',
    {
      ...plain,
      schema: {
        tags,
        summary: 'One request, its answer and what you may do with it',
        params: requestParams,
        response: { 200: envelope(offerRequestSchema) },
      },
    },
    async (req) => ({
      payload: await getRequest(ctx, { actor: actorOf(req), offerId: req.params.offerId, id: req.params.requestId }),
    }),
  );
  r.put(
    '/request-offer/:offerId/:requestId',
    {
      bodyLimit: OFFER_LIMITS.bodyBytes,
      schema: {
        tags,
        summary: 'Change a draft request; submitted: true sends it (chief negotiator)',
        params: requestParams,
        body: requestBodySchema,
        response: { 200: envelope(offerRequestSchema) },
      },
    },
    async (req) => ({
      payload: await saveRequest(ctx, { ...requestTarget(req), body: req.body }),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/answer',
    {
      schema: {
        tags,
        summary: "Answer a request sent to your country's offer: a version of it, a counter offer, or a note",
        params: requestParams,
        body: answerRequestBodySchema,
        response: { 200: envelope(offerRequestSchema) },
      },
    },
    async (req) => ({
      payload: await answerRequest(ctx, { ...requestTarget(req), body: req.body }),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/withdraw',
    {
      schema: {
        tags,
        summary: 'Withdraw a request your country made (not once answered)',
        params: requestParams,
        response: { 200: envelope(offerRequestSchema) },
      },
    },
    async (req) => ({
      payload: await withdrawRequest(ctx, requestTarget(req)),
    }),
  );
  r.post(
    '/request-offer/:offerId/:requestId/discuss',
    {
      schema: {
        tags,
        summary:
          "Open the two countries' negotiation room about a sent request; the first call posts a message quoting it",
        params: requestParams,
        response: { 200: envelope(requestDiscussionSchema) },
      },
    },
    async (req) => ({
      payload: await discussRequest(ctx, requestTarget(req)),
    }),
  );
}
