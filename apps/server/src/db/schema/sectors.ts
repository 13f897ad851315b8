import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../columns.js';

/**
 * Services the secretariat added to a classification tree (POST /add-services). The reference trees
 * themselves are files (data/reference); these rows are merged into them when the tree is served.
 */
export const addedServices = pgTable(
  'added_services',
  {
    id: serial('id').primaryKey(),
    /** W120, CPC_PROV or CPC21. */
    scheme: text('scheme').notNull(),
    /** `value` of the parent node in the same scheme. */
    parent: text('parent').notNull(),
    value: text('value').notNull(),
    title: text('title').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAtColumn(),
  },
  // A code is unique in its scheme (so node keys stay unique), which covers "under the same parent".
  (t) => [unique('added_services_scheme_value_uq').on(t.scheme, t.value)],
);

/**
 * GATS commitments of WTO members, one row per sector entry of a schedule, in the column layout of the
 * import spreadsheets. `rowHash` (of every imported column) makes importing the same file twice a no-op.
 */
export const gatsCommitments = pgTable(
  'gats_commitments',
  {
    id: serial('id').primaryKey(),
    member: text('member').notNull(),
    /** Lower case, accents removed: what the countries filter compares with. */
    memberKey: text('member_key').notNull(),
    /** A W/120 code: 1.A.a, 9.A, 11.F.b. */
    sectorCode: text('sector_code').notNull(),
    sectorName: text('sector_name').notNull(),
    sectorText: text('sector_text').notNull(),
    ma1: text('ma1').notNull(),
    ma2: text('ma2').notNull(),
    ma3: text('ma3').notNull(),
    ma4: text('ma4').notNull(),
    nt1: text('nt1').notNull(),
    nt2: text('nt2').notNull(),
    nt3: text('nt3').notNull(),
    nt4: text('nt4').notNull(),
    /** The document symbol the text comes from (GATS/SC/…), or the label of an illustrative row. */
    source: text('source').notNull(),
    rowHash: text('row_hash').notNull().unique(),
    /**
     * The row as the API shows it (GatsRow JSON), kept so the View GATS look-up can answer hundreds of rows by
     * joining stored strings instead of decoding and re-encoding every column (see
     * docs/decisions/operations-and-performance.md).
     */
    rowJson: text('row_json').notNull().default(''),
    importId: integer('import_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('gats_commitments_sector_idx').on(t.sectorCode),
    index('gats_commitments_member_idx').on(t.memberKey, t.sectorCode),
    index('gats_commitments_sector_pattern_idx').using('btree', sql`${t.sectorCode} text_pattern_ops`),
  ],
);

/** One run of the GATS importer (command line or upload): who, which file, what it did. */
export const gatsImports = pgTable('gats_imports', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull(),
  total: integer('total').notNull(),
  inserted: integer('inserted').notNull(),
  unchanged: integer('unchanged').notNull(),
  importedBy: uuid('imported_by'),
  createdAt: createdAtColumn(),
});
