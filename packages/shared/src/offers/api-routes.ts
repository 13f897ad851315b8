import type { Access } from '../roles.js';
import { STAFF_ROLES, OFFER_EDITOR_ROLES } from '../roles.js';

/** Who may make each offers call; row-level rules (own country, submitted versions only) are the server's. */
export const OFFERS_API_ROUTES = {
  'GET /offers': 'AUTHENTICATED',
  'GET /offers/creator': 'AUTHENTICATED',
  'GET /offers/done': 'AUTHENTICATED',
  /** The offers screen's start: each part is refused as its own call would be. */
  'GET /offers/start': 'AUTHENTICATED',
  'GET /offers/validate': STAFF_ROLES,
  'GET /offers/countiresNoOffer': STAFF_ROLES,
  'GET /offers/countriesConditional': STAFF_ROLES,
  'POST /offers/offerBycountriesConditional': STAFF_ROLES,
  'POST /offers/translateOffer': 'AUTHENTICATED',
  'POST /offers/translateOfferById': 'AUTHENTICATED',
  'GET /offers/:id': 'AUTHENTICATED',
  /** The editor's start: each part is refused as its own call would be (the lease to editors only). */
  'GET /offers/:id/editor': 'AUTHENTICATED',
  'POST /offers': OFFER_EDITOR_ROLES,
  'POST /offers/import': OFFER_EDITOR_ROLES,
  'PUT /offers/:id': OFFER_EDITOR_ROLES,
  'GET /offers/checkOpenOffer/:id': OFFER_EDITOR_ROLES,
  'DELETE /offers/checkOpenOffer/:id': OFFER_EDITOR_ROLES,
  'POST /offers/:id/takeover': OFFER_EDITOR_ROLES,
  'GET /offers/version/:id': 'AUTHENTICATED',
  'GET /offers/version/:id/:number': 'AUTHENTICATED',
  'POST /offers/:id/validate': STAFF_ROLES,
  'POST /offers/:id/return': STAFF_ROLES,
  'POST /offers/:id/finalize': STAFF_ROLES,
} as const satisfies Record<string, Access>;
