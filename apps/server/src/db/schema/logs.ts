import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** The audit trail (spec: Log). Written in the same transaction as the change it records. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    action: text('action').notNull(),
    /** The acting user's email, or the attempted login for a failed sign-in. */
    logUser: text('log_user'),
    targetUser: text('target_user'),
    value: jsonb('value'),
    clientName: text('client_name'),
    geolocation: text('geolocation'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt)],
);
