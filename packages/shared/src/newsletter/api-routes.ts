import type { Access } from '../roles.js';

/** The mailed links of double opt-in; the public calls need nothing but the token. */
export const NEWSLETTER_API_ROUTES = {
  'POST /newslettersubscriber/confirm': 'PUBLIC',
  'POST /newslettersubscriber/unsubscribe': 'PUBLIC',
} as const satisfies Record<string, Access>;
