import type { FastifyInstance } from 'fastify';
import { offerEditorStartSchema, offersStartSchema } from '@portal/shared';
import { startCall } from '../../lib/answers-of.js';
import { routeDocs } from '../../lib/route-doc.js';
import { idParamsSchema } from '../../lib/route-params.js';

const doc = routeDocs(['offers']);

/**
 * The start calls of the offers screens: what a screen waits for at start in one round trip instead of several on a
 * slow link — GET /offers/start (the user, the offers, the counter offers) and GET /offers/{id}/editor (the user, the
 * offer, the values accepted into it and its edit lease). Each part is its own call's answer, asked inside the server
 * with the caller's session (answersOf): a part refused is refused as that call would be.
 */
export async function offerStartRoutes(app: FastifyInstance) {
  startCall(
    app,
    '/offers/start',
    doc(
      'What the offers screen needs at start, in one answer (the user, the offers, the counter offers)',
      offersStartSchema,
      {
        description:
          'Each part is the answer of its own call, status and body: GET /profile/current, GET /offers and GET ' +
          '/response-offer. A part refused does not refuse the others.',
      },
    ),
    () => ({ profile: '/profile/current', offers: '/offers', responses: '/response-offer' }),
  );
  startCall(
    app,
    '/offers/:id/editor',
    doc(
      'What the offer editor needs at start, in one answer (the user, the offer, accepted entries, lease)',
      offerEditorStartSchema,
      {
        description:
          'Each part is the answer of its own call, status and body: GET /profile/current, GET /offers/{id}, GET ' +
          '/offers/{id}/accepted-entries and GET /offers/checkOpenOffer/{id} (which takes or renews the edit lease, ' +
          'as that call does). A part refused (404, 409 NOT_OPEN …) does not refuse the others.',
        params: idParamsSchema,
      },
    ),
    (params) => {
      const id = encodeURIComponent(params.id ?? '');
      return {
        profile: '/profile/current',
        offer: `/offers/${id}`,
        acceptedEntries: `/offers/${id}/accepted-entries`,
        lease: `/offers/checkOpenOffer/${id}`,
      };
    },
  );
}
