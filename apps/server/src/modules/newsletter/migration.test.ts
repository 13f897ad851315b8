import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const MIGRATIONS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'newsletter-migration-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The migrations folder as it stood before double opt-in (0014), to hold a subscriber of the old rules. */
function migrationsBefore(tag: string): string {
  const folder = path.join(work, 'before');
  fs.cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describe('migration 0014 (newsletter double opt-in)', () => {
  it('counts the subscribers of the old rules as confirmed', { timeout: 60_000 }, async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0014_newsletter_double_opt_in') });
      await client.query(
        `INSERT INTO newsletter_subscribers (email, is_new, created_at) VALUES ('old@example.org', true, '2025-03-01T10:00:00Z')`,
      );
      await migrate(db, { migrationsFolder: MIGRATIONS });
      const { rows } = await client.query<{ confirmed_at: Date; unsubscribe_token_hash: string | null }>(
        `SELECT confirmed_at, unsubscribe_token_hash FROM newsletter_subscribers WHERE email = 'old@example.org'`,
      );
      expect(rows).toEqual([{ confirmed_at: new Date('2025-03-01T10:00:00Z'), unsubscribe_token_hash: null }]);
    } finally {
      await client.close();
    }
  });
});
