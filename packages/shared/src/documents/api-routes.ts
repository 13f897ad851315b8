import type { Access } from '../roles.js';

/** Row-level rules are the server's: an offer or counter offer the caller may not read is a 404 in every format. */
export const DOCUMENTS_API_ROUTES = {
  'GET /offers/:id/export': 'AUTHENTICATED',
  'GET /response-offer/:id/export': 'AUTHENTICATED',
  'GET /offers/:id/compare/export': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
