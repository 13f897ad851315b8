import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';
import { createdAtColumn } from '../columns.js';

/**
 * Uploaded files (chat attachments, offer PDFs, CMS images). The bytes are in the file store under `key`;
 * this row says whose they are, so a key that is not yours to read answers 404.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    /** Random, url-safe, with the extension: also the name in the file store. */
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the uploader gave, shown in the chat and used for downloads. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerId)],
);
