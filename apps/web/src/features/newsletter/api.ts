/** The calls of the newsletter's mailed links (packages/shared/src/newsletter), through the one HTTP client. */
import type { NewsletterConfirmed } from '@portal/shared';
import { ApiError, http } from '../../api/http';

export const newsletterApi = {
  /** POST /newslettersubscriber/confirm: idempotent; answers the token of the unsubscribe link. */
  confirm: (token: string) => http.post<NewsletterConfirmed>('/newslettersubscriber/confirm', { token }),
  /** POST /newslettersubscriber/unsubscribe: removes the address. */
  unsubscribe: (token: string) => http.post<null>('/newslettersubscriber/unsubscribe', { token }),
};

/** Whether a refused call means the link itself is no good (unknown, replaced or expired), not a passing failure. */
export const isInvalidNewsletterLink = (error: unknown) =>
  error instanceof ApiError && error.code === 'NEWSLETTER_TOKEN_INVALID';
