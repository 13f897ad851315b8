import type { Access } from '../roles.js';
import { COUNTRY_WRITER_ROLES } from '../roles.js';

export const RESPONSES_API_ROUTES = {
  'POST /response-offer/:id': COUNTRY_WRITER_ROLES,
  'POST /response-offer/file/:id': COUNTRY_WRITER_ROLES,
  /** Sends a focal point's draft counter offer: the chief negotiator only (maySendCounterOffer). */
  'POST /response-offer/:id/send': ['CHIEF_NEGOTIATOR'],
  'GET /response-offer/:id': 'AUTHENTICATED',
  'GET /response-offer': 'AUTHENTICATED',
  /** A counter offer's entries with their decisions: whoever may see the counter offer. */
  'GET /response-offer/:id/entries': 'AUTHENTICATED',
  /** A decision: the answering country's chief negotiator or focal point (checked on the row: COUNTER_OFFER_NOT_YOURS). */
  'PUT /response-offer/:id/entries/:key': COUNTRY_WRITER_ROLES,
  /** Either country or the secretariat opens the negotiation room on one entry. */
  'POST /response-offer/:id/entries/:key/discuss': 'AUTHENTICATED',
  /** Values accepted into the draft since the last submission: the offer's country and the secretariat. */
  'GET /offers/:id/accepted-entries': 'AUTHENTICATED',
  /** The history of one entry of an offer: whoever may see the offer. */
  'GET /offers/:id/entries/:key/history': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
