import type { Access } from '../roles.js';

export const DASHBOARD_API_ROUTES = {
  'GET /dashboard': 'AUTHENTICATED',
  /** The dashboard's start call: each part refused as its own call would be. */
  'GET /dashboard/start': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
