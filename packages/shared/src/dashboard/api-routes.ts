import type { Access } from '../roles.js';

export const DASHBOARD_API_ROUTES = {
  'GET /dashboard': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
