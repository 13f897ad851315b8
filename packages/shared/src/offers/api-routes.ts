import type { Access, Role } from '../roles.js';

const STAFF: readonly Role[] = ['AFRICAN_UNION', 'ADMIN'];
/** Those who can hold an offer's pen: a country's negotiators, and the secretariat for offers it creates. */
const EDITORS: readonly Role[] = ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'AFRICAN_UNION', 'ADMIN'];

/** Who may make each offers call; row-level rules (own country, submitted versions only) are the server's. */
export const OFFERS_API_ROUTES = {
  'GET /offers': 'AUTHENTICATED',
  'GET /offers/creator': 'AUTHENTICATED',
  'GET /offers/done': 'AUTHENTICATED',
  'GET /offers/validate': STAFF,
  'GET /offers/countiresNoOffer': STAFF,
  'GET /offers/countriesConditional': STAFF,
  'POST /offers/offerBycountriesConditional': STAFF,
  'POST /offers/translateOffer': 'AUTHENTICATED',
  'POST /offers/translateOfferById': 'AUTHENTICATED',
  'GET /offers/:id': 'AUTHENTICATED',
  'POST /offers': EDITORS,
  'PUT /offers/:id': EDITORS,
  'GET /offers/checkOpenOffer/:id': EDITORS,
  'DELETE /offers/checkOpenOffer/:id': EDITORS,
  'GET /offers/version/:id': 'AUTHENTICATED',
  'GET /offers/version/:id/:number': 'AUTHENTICATED',
  'POST /offers/:id/validate': STAFF,
  'POST /offers/:id/return': STAFF,
  'POST /offers/:id/finalize': STAFF,
} as const satisfies Record<string, Access>;
