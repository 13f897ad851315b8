import type { Access } from '../roles.js';
import { STAFF_ROLES } from '../roles.js';

/** Access rules of the services-classification and GATS calls; spread into API_ROUTES. */
export const SECTORS_API_ROUTES = {
  'GET /arrays': 'AUTHENTICATED',
  'GET /arrays-filter': 'AUTHENTICATED',
  'GET /sector-groups': 'AUTHENTICATED',
  'POST /add-services': STAFF_ROLES,
  'POST /gats/filter': 'AUTHENTICATED',
  'POST /gats/export': 'AUTHENTICATED',
  'GET /gats': 'AUTHENTICATED',
  'GET /gats/members': 'AUTHENTICATED',
  'GET /gats/:id': 'AUTHENTICATED',
  'POST /gats/import': STAFF_ROLES,
} as const satisfies Record<string, Access>;
