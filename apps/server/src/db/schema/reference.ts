import { boolean, date, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';

/** Regions of the bloc (the African Union's five), with the date the grouping was taken as of. */
export const regions = pgTable('regions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  nameAr: text('name_ar').notNull(),
  logo: text('logo'),
  asOf: date('as_of').notNull(),
});

/** Member states, keyed by ISO 3166 alpha-2 code. An inactive country cannot act on offers. */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  alpha3: text('alpha3').notNull(),
  name: text('name').notNull(),
  nameFr: text('name_fr').notNull(),
  nameAr: text('name_ar').notNull(),
  regionId: integer('region_id').references(() => regions.id),
  active: boolean('active').notNull().default(true),
});

/** Portal-wide settings kept as one JSON document per key (home settings, …). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});
