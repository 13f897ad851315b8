import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { ownerReference } from '../columns.js';

/**
 * Failed sign-in attempts in the current window, by key: `account:<sha-256 of the address>` (kept for any address,
 * known or not, so the answers never tell which exist), `source:<client address>`, `session:<id>` (wrong current
 * passwords typed in a signed-in session).
 */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().defaultNow(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the owner was last told by mail of failed attempts on the account. */
  notifiedAt: timestamp('notified_at', { withTimezone: true }),
});

/** Browsers a user has completed a sign-in from (hash of the device id the web app keeps). */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: ownerReference('user_id', () => users.id),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);
