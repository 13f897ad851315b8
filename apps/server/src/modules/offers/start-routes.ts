import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, offerEditorStartSchema, offersStartSchema } from '@portal/shared';
import { answersOf, partsEnvelope } from '../../lib/answers-of.js';
import { idParamsSchema } from '../../lib/route-params.js';

/**
 * The start calls of the offers screens: what a screen waits for at start in one round trip instead of several on a
 * slow link — GET /offers/start (the user, the offers, the counter offers) and GET /offers/{id}/editor (the user, the
 * offer, the values accepted into it and its edit lease). Each part is its own call's answer, asked inside the server
 * with the caller's session (answersOf): a part refused is refused as that call would be.
 */
export async function offerStartRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/offers/start',
    {
      schema: {
        tags: ['offers'],
        summary: 'What the offers screen needs at start, in one answer (the user, the offers, the counter offers)',
        description:
          'Each part is the answer of its own call, status and body: GET /profile/current, GET /offers and GET ' +
          '/response-offer. A part refused does not refuse the others.',
        response: { 200: envelope(offersStartSchema) },
      },
    },
    async (req, reply) => {
      const parts = await answersOf(app, req, {
        profile: '/profile/current',
        offers: '/offers',
        responses: '/response-offer',
      });
      return reply.type('application/json; charset=utf-8').send(partsEnvelope(parts) as never);
    },
  );
  r.get(
    '/offers/:id/editor',
    {
      schema: {
        tags: ['offers'],
        summary: 'What the offer editor needs at start, in one answer (the user, the offer, accepted entries, lease)',
        description:
          'Each part is the answer of its own call, status and body: GET /profile/current, GET /offers/{id}, GET ' +
          '/offers/{id}/accepted-entries and GET /offers/checkOpenOffer/{id} (which takes or renews the edit lease, ' +
          'as that call does). A part refused (404, 409 NOT_OPEN …) does not refuse the others.',
        params: idParamsSchema,
        response: { 200: envelope(offerEditorStartSchema) },
      },
    },
    async (req, reply) => {
      const id = encodeURIComponent(req.params.id);
      const parts = await answersOf(app, req, {
        profile: '/profile/current',
        offer: `/offers/${id}`,
        acceptedEntries: `/offers/${id}/accepted-entries`,
        lease: `/offers/checkOpenOffer/${id}`,
      });
      // Already JSON (the parts' bodies as they were sent): the schema stays for the OpenAPI document.
      return reply.type('application/json; charset=utf-8').send(partsEnvelope(parts) as never);
    },
  );
}
