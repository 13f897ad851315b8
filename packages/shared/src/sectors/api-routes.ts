import type { Access, Role } from '../roles.js';

const STAFF: readonly Role[] = ['AFRICAN_UNION', 'ADMIN'];

/** Access rules of the services-classification and GATS calls; spread into API_ROUTES. */
export const SECTORS_API_ROUTES = {
  'GET /arrays': 'AUTHENTICATED',
  'GET /arrays-filter': 'AUTHENTICATED',
  'GET /sector-groups': 'AUTHENTICATED',
  'POST /add-services': STAFF,
  'POST /gats/filter': 'AUTHENTICATED',
  'POST /gats/export': 'AUTHENTICATED',
  'GET /gats': 'AUTHENTICATED',
  'GET /gats/members': 'AUTHENTICATED',
  'GET /gats/:id': 'AUTHENTICATED',
  'POST /gats/import': STAFF,
} as const satisfies Record<string, Access>;
