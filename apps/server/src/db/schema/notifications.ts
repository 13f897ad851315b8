import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { createdAtColumn, ownerReference, uuidPrimaryKey } from '../columns.js';

/** One notification for one recipient, written in the recipient's language when it is created. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    recipientId: ownerReference('recipient_id', () => users.id),
    /** What happened: offer.submitted, chat.invited, chat.message, … */
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** Where the web app takes the reader (e.g. /chat/{roomId}/0). */
    link: text('link'),
    data: jsonb('data'),
    /** Messages in a room are batched: one unread notification per recipient and room, counting them. */
    batchKey: text('batch_key'),
    count: integer('count').notNull().default(1),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    // Unread rows only: a recipient's open batch and unread count are found among their few unread notifications,
    // not among everything they have ever been sent (which a count over the recipient index would read).
    index('notifications_unread_idx')
      .on(t.recipientId, t.batchKey)
      .where(sql`${t.readAt} is null`),
  ],
);
