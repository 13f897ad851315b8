import type { Access, Role } from '../roles.js';

const STAFF: readonly Role[] = ['AFRICAN_UNION', 'ADMIN'];

/** Who may make each offers call; row-level rules (own country, submitted versions only) are the server's. */
export const OFFERS_API_ROUTES = {
  'GET /offers': 'AUTHENTICATED',
  'GET /offers/creator': 'AUTHENTICATED',
  'GET /offers/done': 'AUTHENTICATED',
  'GET /offers/validate': STAFF,
  'GET /offers/countiresNoOffer': STAFF,
  'GET /offers/:id': 'AUTHENTICATED',
  'POST /offers': 'AUTHENTICATED',
  'PUT /offers/:id': 'AUTHENTICATED',
  'GET /offers/checkOpenOffer/:id': 'AUTHENTICATED',
  'DELETE /offers/checkOpenOffer/:id': 'AUTHENTICATED',
  'GET /offers/version/:id': 'AUTHENTICATED',
  'GET /offers/version/:id/:number': 'AUTHENTICATED',
  'POST /offers/:id/validate': STAFF,
  'POST /offers/:id/return': STAFF,
  'POST /offers/:id/finalize': STAFF,
} as const satisfies Record<string, Access>;
