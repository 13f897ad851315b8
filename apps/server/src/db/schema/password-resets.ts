import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { createdAtColumn, ownerReference, uuidPrimaryKey } from '../columns.js';

/** A forgotten-password link: only the token's hash is kept; it is redeemed once, before it expires. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidPrimaryKey(),
    userId: ownerReference('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link is redeemed, or when a newer link or a reset makes it void. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
