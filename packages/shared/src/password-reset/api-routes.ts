import type { Access } from '../roles.js';

export const PASSWORD_RESET_API_ROUTES = {
  'POST /password/forgot': 'PUBLIC',
  'POST /password/reset': 'PUBLIC',
} as const satisfies Record<string, Access>;
