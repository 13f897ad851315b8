import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Role, UserStatus } from '@portal/shared';
import { countries, regions } from './reference.js';
import { createdAtColumn, ownerReference, updatedAtColumn, uuidPrimaryKey } from '../columns.js';

/** A person who can sign in. Email is stored lower-case and is the login. */
export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    titlePrefix: text('title_prefix'),
    title: text('title'),
    role: text('role').$type<Role>().notNull(),
    countryId: integer('country_id').references(() => countries.id),
    regionId: integer('region_id').references(() => regions.id),
    language: text('language').notNull().default('en'),
    phoneNumber: text('phone_number'),
    whatsappNumber: text('whatsapp_number'),
    proofOfCountry: text('proof_of_country'),
    accreditationDetails: text('accreditation_details'),
    /** ACTIVE, PENDING (invited, not yet registered) or DISABLED. */
    status: text('status').$type<UserStatus>().notNull().default('ACTIVE'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('users_country_idx').on(t.countryId)],
);

/** The first step of a sign-in: a one-time code sent by mail, redeemed once with the mfa_token. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuidPrimaryKey(),
  userId: ownerReference('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAtColumn(),
});

/** One signed-in session (a refresh-token family). Revoking it ends every token it issued. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    userId: ownerReference('user_id', () => users.id),
    clientName: text('client_name'),
    createdAt: createdAtColumn(),
    /** The last refresh of the session: the server's measure of its idle time. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens, stored hashed; a token is used once, and reusing one revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuidPrimaryKey(),
    sessionId: ownerReference('session_id', () => sessions.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The pair issued when this token was rotated, sealed under a key derived from this token (auth/refresh.ts): a
     * second request with the same token within the grace period gets the same pair instead of ending the session.
     */
    successor: text('successor'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** An invitation to join: the invitee's account is PENDING until they choose a password with the token. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuidPrimaryKey(),
    /**
     * The invitee's PENDING account; null once the invitation is cancelled (the account is removed), the row kept so
     * that it still counts towards its inviter's INVITATIONS_PER_DAY.
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);
