import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAtColumn, uuidPrimaryKey } from '../columns.js';

/** The audit trail (spec: Log). Written in the same transaction as the change it records. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuidPrimaryKey(),
    action: text('action').notNull(),
    /** The acting user's email, or the attempted login for a failed sign-in. */
    logUser: text('log_user'),
    targetUser: text('target_user'),
    value: jsonb('value'),
    clientName: text('client_name'),
    geolocation: text('geolocation'),
    ip: text('ip'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('audit_logs_created_idx').on(t.createdAt)],
);
