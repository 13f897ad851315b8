import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RequestStatus, Sector } from '@portal/shared';
import { countries } from './reference.js';
import { users } from './identity.js';
import { offers } from './offers.js';
import { responseOffers } from './responses.js';
import { createdAtColumn, ownerReference, updatedAtColumn, uuidPrimaryKey } from '../columns.js';

/**
 * A country's request to another country's conditional offer (request–offer method): the sectors and
 * commitments it asks the other to bind, with a covering note, and the answer once given.
 */
export const offerRequests = pgTable(
  'offer_requests',
  {
    id: uuidPrimaryKey(),
    /** The offer asked of. */
    offerId: ownerReference('offer_id', () => offers.id),
    requestingCountryId: integer('requesting_country_id')
      .notNull()
      .references(() => countries.id),
    /** The offer's country, kept on the row so that a country's received requests are one indexed read. */
    requestedCountryId: integer('requested_country_id')
      .notNull()
      .references(() => countries.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    note: text('note').notNull().default(''),
    /** The sectors asked for, in the offer's sector shape (commitment asked per mode). */
    sectors: jsonb('sectors').$type<Sector[]>().notNull(),
    status: text('status').$type<RequestStatus>().notNull().default('DRAFT'),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => users.id),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id),
    /** The version of the requested offer that answers the request. */
    answerVersionNumber: integer('answer_version_number'),
    /** The counter offer (the requested country's, to the requesting country's offer) that answers it. */
    answerResponseId: uuid('answer_response_id').references(() => responseOffers.id, { onDelete: 'set null' }),
    answerNote: text('answer_note'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnBy: uuid('withdrawn_by').references(() => users.id),
  },
  (t) => [
    index('offer_requests_requesting_idx').on(t.requestingCountryId),
    index('offer_requests_requested_idx').on(t.requestedCountryId),
    index('offer_requests_offer_idx').on(t.offerId),
  ],
);
