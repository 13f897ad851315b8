import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferDocument } from '@portal/shared';
import { countries } from './reference.js';
import { users } from './identity.js';
import { offers } from './offers.js';
import { createdAtColumn, ownerReference, uuidPrimaryKey } from '../columns.js';

/** A country's counter offer: its answer to a submitted version of another country's offer. */
export const responseOffers = pgTable(
  'response_offers',
  {
    id: uuidPrimaryKey(),
    offerId: ownerReference('offer_id', () => offers.id),
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
    /** How many entries it changes (offers/entries), counted when it is made; null for one made before the count. */
    entryCount: integer('entry_count'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('response_offers_offer_idx').on(t.offerId), index('response_offers_pdf_idx').on(t.pdfFileKey)],
);

/**
 * The answering country's decision on one entry of a counter offer (DESIGN 13): rows, not flags in the stored
 * document. No row: the entry is open. `applied` says where an accepted value went in the answering country's
 * draft (its sector id, block, mode or field), so the editor can mark it and a decline can take it back out.
 */
export const responseDecisions = pgTable(
  'response_decisions',
  {
    responseId: ownerReference('response_id', () => responseOffers.id),
    /** The entry's key (offers/entries in the shared package). */
    entryKey: text('entry_key').notNull(),
    /** ACCEPTED or DECLINED. */
    decision: text('decision').$type<'ACCEPTED' | 'DECLINED'>().notNull(),
    note: text('note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where an accepted value was written in the draft (null when declined, or when nothing could be written). */
    applied: jsonb('applied').$type<Record<string, unknown>>(),
  },
  (t) => [primaryKey({ columns: [t.responseId, t.entryKey] })],
);
