import type { Access } from '../roles.js';

export const COVERAGE_API_ROUTES = {
  /** Coverage counts only submitted versions, which every signed-in user may read (spec 6: offers once submitted). */
  'GET /coverage': 'AUTHENTICATED',
  /** The workspace's start call: each part refused as its own call would be. */
  'GET /coverage/start': 'AUTHENTICATED',
  'GET /coverage/gats-plus': 'AUTHENTICATED',
  /** The whole bloc for the secretariat, admins and advisors; a country's own rows and columns for its users. */
  'GET /coverage/requests': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
