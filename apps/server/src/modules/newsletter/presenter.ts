import type { NewsletterSubscriber } from '@portal/shared';
import type { newsletterSubscribers } from '../../db/schema/index.js';

/** A subscriber for the staff list: never its token hashes. */
export function presentSubscriber(row: typeof newsletterSubscribers.$inferSelect): NewsletterSubscriber {
  return {
    email: row.email,
    new: row.isNew,
    createdAt: row.createdAt.toISOString(),
    confirmed: row.confirmedAt !== null,
  };
}
