import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferDocument } from '@portal/shared';
import { countries } from './reference.js';
import { users } from './identity.js';
import { offers } from './offers.js';

/** A country's counter offer: its answer to a submitted version of another country's offer. */
export const responseOffers = pgTable(
  'response_offers',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    /** The submitted version answered. */
    versionNumber: integer('version_number').notNull(),
    responderCountryId: integer('responder_country_id')
      .notNull()
      .references(() => countries.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    document: jsonb('document').$type<OfferDocument>().notNull(),
    /**
     * DRAFT while it waits for the responder country's chief negotiator (a focal point's counter offer), SENT once
     * the other country may see it. Only the responder country sees a draft.
     */
    status: text('status').$type<'DRAFT' | 'SENT'>().notNull().default('SENT'),
    /** When and by whom it was sent (null while a draft; for a chief's own counter offer, its creation). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by').references(() => users.id),
    /** The PDF of the counter offer as the responder saw it, in the file store. */
    pdfFileKey: text('pdf_file_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('response_offers_offer_idx').on(t.offerId), index('response_offers_pdf_idx').on(t.pdfFileKey)],
);
