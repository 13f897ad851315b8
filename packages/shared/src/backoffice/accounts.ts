import { z } from 'zod';
import type { Access } from '../roles.js';
import { STAFF_ROLES } from '../roles.js';

/** Answers of the account tools of issue 14 (unlock, sessions, exports). */
export const ACCOUNT_MESSAGES = {
  unlocked: 'The account is unlocked.',
  notLocked: 'This account is not locked.',
  signedOutEverywhere: 'Every session has been signed out.',
} as const;

/** One signed-in session of a user (a browser or device), as its owner and administrators see it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** The client's description (browser and system) when it gave one. */
  clientName: z.string().nullable(),
  createdAt: z.string(),
  /** The session's last refresh: the server's measure of its activity. */
  lastActiveAt: z.string(),
  /** The session making this call. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** How many sessions "sign out everywhere" ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().int() });

export const ACCOUNT_API_ROUTES = {
  /** Administrators only (issue 14): clears a lock from failed sign-ins. */
  'POST /users/:id/unlock': ['ADMIN'],
  'GET /users/:id/sessions': ['ADMIN'],
  'DELETE /users/:id/sessions': ['ADMIN'],
  /** One's own sessions, from the profile. */
  'GET /profile/sessions': 'AUTHENTICATED',
  'DELETE /profile/sessions': 'AUTHENTICATED',
  /** Users and audit logs as CSV or XLSX, with the screen's filters. */
  'GET /users/export': STAFF_ROLES,
  'GET /account-ms/logs/export': STAFF_ROLES,
} as const satisfies Record<string, Access>;
