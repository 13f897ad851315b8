import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { createdAtColumn, uuidPrimaryKey } from '../columns.js';

/** Messages sent through the public contact form; the secretariat replies by mail. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidPrimaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull().default(''),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    ip: text('ip'),
    createdAt: createdAtColumn(),
    reply: text('reply'),
    repliedBy: uuid('replied_by').references(() => users.id),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** When staff archived the message: the mailbox hides it unless asked to show archived messages. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

/**
 * Newsletter subscribers (spec: email and a `new` flag), confirmed by a mailed link before anything else is sent to
 * them (double opt-in). Tokens are stored as SHA-256 hashes only.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    email: text('email').primaryKey(),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: createdAtColumn(),
    /** When the owner of the address followed the confirmation link; null while the subscription waits for it. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Hash of the token of the newest confirmation link (kept once confirmed, so the link stays idempotent). */
    confirmTokenHash: text('confirm_token_hash'),
    /** After this the confirmation link of a subscription still waiting for it is refused. */
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    /** Hash of the token of the unsubscribe link; null for subscribers from before double opt-in. */
    unsubscribeTokenHash: text('unsubscribe_token_hash'),
    /** When the last confirmation mail went to the address: no other one before the cooldown has passed. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_confirm_token_idx').on(t.confirmTokenHash),
    uniqueIndex('newsletter_subscribers_unsubscribe_token_idx').on(t.unsubscribeTokenHash),
  ],
);

/** Captcha solutions already used, so one solved challenge serves once. */
export const captchaSpent = pgTable('captcha_spent', {
  signature: text('signature').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
