import { STAFF_ROLES, type Access } from '../roles.js';

/** Notification calls (the spec's API); each user reads and marks only their own. */
export const NOTIFICATIONS_API_ROUTES = {
  'GET /notifications': 'AUTHENTICATED',
  'GET /notifications/my': 'AUTHENTICATED',
  'GET /notifications/:id': 'AUTHENTICATED',
  'POST /notifications/all': 'AUTHENTICATED',
  /** Back-office country management: deactivating a country signs its users out live. */
  'PUT /countries/:id/active': STAFF_ROLES,
} as const satisfies Record<string, Access>;
