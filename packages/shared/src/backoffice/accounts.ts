import { z } from 'zod';

/** Answers of the account tools (sessions, exports). */
export const ACCOUNT_MESSAGES = {
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

export { ACCOUNT_API_ROUTES } from './api-routes.js';
