import type { Access, Role } from '../roles.js';
import { COUNTRY_WRITER_ROLES } from '../roles.js';

const CHIEF: readonly Role[] = ['CHIEF_NEGOTIATOR'];

export const REQUESTS_API_ROUTES = {
  'GET /request-offer': 'AUTHENTICATED',
  'POST /request-offer/:offerId': COUNTRY_WRITER_ROLES,
  'GET /request-offer/:offerId/:requestId': 'AUTHENTICATED',
  'PUT /request-offer/:offerId/:requestId': COUNTRY_WRITER_ROLES,
  /** Answering speaks in the requested country's name: its chief negotiator (maySendRequest). */
  'POST /request-offer/:offerId/:requestId/answer': CHIEF,
  /** A focal point may withdraw a draft; a sent request only the chief negotiator withdraws. */
  'POST /request-offer/:offerId/:requestId/withdraw': COUNTRY_WRITER_ROLES,
  /** Whoever sees a sent request (its two countries, the secretariat) opens its room; a third country gets 404. */
  'POST /request-offer/:offerId/:requestId/discuss': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
