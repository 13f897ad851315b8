import { and, eq, type AnyColumn, type SQL } from 'drizzle-orm';
import { offers } from '../../db/schema/index.js';

/**
 * The join from an offer to its latest submitted version: versions are numbered from 1 as they are submitted, and
 * `offers.versions` counts them. `version` is `offer_versions` or an alias of it.
 */
export function isLatestVersion(version: { offerId: AnyColumn; number: AnyColumn }): SQL {
  return and(eq(version.offerId, offers.id), eq(version.number, offers.versions))!;
}
