import { boolean, date, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { CmsText, CmsType } from '@portal/shared';
import { users } from './identity.js';
import { createdAtColumn, updatedAtColumn, uuidPrimaryKey } from '../columns.js';

/** Content the secretariat manages (home sections, events, FAQs…), with its text in each language. */
export const cmsEntries = pgTable(
  'cms_entries',
  {
    id: uuidPrimaryKey(),
    type: text('type').$type<CmsType>().notNull(),
    position: integer('position').notNull().default(0),
    texts: jsonb('texts').$type<Partial<Record<'en' | 'fr' | 'ar', CmsText>>>().notNull(),
    image: text('image'),
    link: text('link'),
    eventDate: date('event_date'),
    countryCode: text('country_code'),
    /** An attached PDF in the file store (legislation texts). */
    document: text('document'),
    published: boolean('published').notNull().default(true),
    /** Marks demo content, so a reseed never duplicates it. */
    seedKey: text('seed_key').unique(),
    updatedBy: uuid('updated_by').references(() => users.id),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index('cms_entries_type_idx').on(t.type, t.position)],
);
