import type { Access } from '../roles.js';
import { COUNTRY_WRITER_ROLES } from '../roles.js';

export const RESPONSES_API_ROUTES = {
  'POST /response-offer/:id': COUNTRY_WRITER_ROLES,
  'POST /response-offer/file/:id': COUNTRY_WRITER_ROLES,
  /** Sends a focal point's draft counter offer: the chief negotiator only (maySendCounterOffer). */
  'POST /response-offer/:id/send': ['CHIEF_NEGOTIATOR'],
  'GET /response-offer/:id': 'AUTHENTICATED',
  'GET /response-offer': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
