import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foldForSearch, SEARCH_FOLD_TABLE } from '@portal/shared';

/**
 * An accent- and case-insensitive "contains" in SQL ("Aissatou" finds "Aïssatou"): the text folded by
 * `translate()` with the same table as the web app's foldForSearch, the term folded in JavaScript. Undefined (no
 * condition) for an empty term.
 */
export function foldedContains(text: SQLWrapper | SQL, term: string | null | undefined): SQL | undefined {
  const folded = foldForSearch(term).trim();
  if (!folded) return undefined;
  const { from, to } = SEARCH_FOLD_TABLE;
  return sql`lower(translate(${text}, ${from}, ${to})) LIKE ${`%${folded.replace(/[%_\\]/g, '\\$&')}%`}`;
}
