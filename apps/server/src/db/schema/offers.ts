import { sql } from 'drizzle-orm';
import { boolean, index, integer, json, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { OfferDocument, OfferStatus } from '@portal/shared';
import { countries } from './reference.js';
import { sessions, users } from './identity.js';
import { createdAtColumn, ownerReference, updatedAtColumn, uuidPrimaryKey } from '../columns.js';

/**
 * A country's offer: the document as jsonb (validated by the shared schema on every write) beside the
 * columns that are queried. `revision` counts saves, for optimistic concurrency.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuidPrimaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id),
    /** True when the secretariat created the offer for the country. */
    regionCreated: boolean('region_created').notNull().default(false),
    name: text('name').notNull(),
    /** Status of the latest version, or IN_PROGRESS while none has been submitted. */
    status: text('status').$type<OfferStatus>().notNull().default('IN_PROGRESS'),
    submittedToAU: boolean('submitted_to_au').notNull().default(false),
    /** json, not jsonb: the document is written and read whole, never queried inside, and json skips the parse. */
    document: json('document').$type<OfferDocument>().notNull(),
    /**
     * The document's sector count, kept by the database with every write: the lists show it, and reading it from the
     * json would parse the whole document of every listed offer on every list (1.6 ms a list of one 50-sector offer).
     */
    sectorCount: integer('sector_count')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(json_array_length(document -> 'sectors'), 0)`),
    revision: integer('revision').notNull().default(1),
    versions: integer('versions').notNull().default(0),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (t) => [uniqueIndex('offers_country_uq').on(t.countryId), index('offers_status_idx').on(t.status)],
);

/** Every submission: an immutable snapshot of the document, with the secretariat's decision on it. */
export const offerVersions = pgTable(
  'offer_versions',
  {
    id: uuidPrimaryKey(),
    offerId: ownerReference('offer_id', () => offers.id),
    number: integer('number').notNull(),
    status: text('status').$type<OfferStatus>().notNull(),
    snapshot: json('snapshot').$type<OfferDocument>().notNull(),
    /** The snapshot's name and sector count, kept by the database for the lists (as the offer's sectorCount). */
    snapshotName: text('snapshot_name').generatedAlwaysAs(sql`snapshot ->> 'name'`),
    sectorCount: integer('sector_count')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(json_array_length(snapshot -> 'sectors'), 0)`),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAtColumn(),
    /** The secretariat's comment when it sent the version back. */
    comment: text('comment'),
    decidedBy: uuid('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('offer_versions_number_uq').on(t.offerId, t.number)],
);

/** Who has an offer open for editing; renewed by heartbeats, free once it expires. */
export const offerLeases = pgTable('offer_leases', {
  offerId: uuid('offer_id')
    .primaryKey()
    .references(() => offers.id, { onDelete: 'cascade' }),
  userId: ownerReference('user_id', () => users.id),
  sessionId: ownerReference('session_id', () => sessions.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** An offer's columns without its document: what checks, lists and decisions need. */
export type OfferMeta = Omit<typeof offers.$inferSelect, 'document' | 'sectorCount'>;
