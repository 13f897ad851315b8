import { z } from 'zod';

/**
 * The wording of double opt-in (the spec gives only the success message of subscribing, BACKOFFICE_MESSAGES.subscribed,
 * which the subscribe call keeps).
 */
export const NEWSLETTER_MESSAGES = {
  confirmed: 'Your subscription to the newsletter is confirmed.',
  unsubscribed: 'Your address has been removed from the newsletter.',
  tokenInvalid: 'This newsletter link is not valid: it has expired, has been replaced by a newer one, or is unknown.',
} as const;

/** POST /newslettersubscriber/confirm and /unsubscribe: the token of the mailed link (any text; unknown ones are refused). */
export const newsletterTokenSchema = z.object({ token: z.string().trim().max(500) });
export type NewsletterToken = z.infer<typeof newsletterTokenSchema>;

/** The answer of a confirmation: the token of the unsubscribe link, so the page can offer it at once. */
export const newsletterConfirmedSchema = z.object({ unsubscribeToken: z.string() });
export type NewsletterConfirmed = z.infer<typeof newsletterConfirmedSchema>;

/** A subscriber as the staff list shows it (the spec's email and `new` flag, and whether the address confirmed). */
export const newsletterSubscriberSchema = z.object({
  email: z.string(),
  new: z.boolean(),
  createdAt: z.string(),
  /** The owner of the address followed the mailed confirmation link (or subscribed before double opt-in). */
  confirmed: z.boolean(),
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;

export { NEWSLETTER_API_ROUTES } from './api-routes.js';
