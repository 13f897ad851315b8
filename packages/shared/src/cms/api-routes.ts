import type { Access } from '../roles.js';
import { STAFF_ROLES } from '../roles.js';

export const CMS_API_ROUTES = {
  'GET /cms/': 'PUBLIC',
  'GET /cms/image/:key': 'PUBLIC',
  'GET /v2/cms/byType/:type': 'PUBLIC',
  'GET /v2/cms/:id': 'PUBLIC',
  'PUT /v2/cms/:id': STAFF_ROLES,
  'POST /v2/cms': STAFF_ROLES,
  'DELETE /v2/cms/:id': STAFF_ROLES,
  'POST /v2/cms/upload/:x': STAFF_ROLES,
} as const satisfies Record<string, Access>;
