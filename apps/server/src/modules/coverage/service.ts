import { and, asc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { emptyCounts, type Coverage, type CoverageLevel, type OfferStatus } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offers, regions } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { classification } from '../sectors/classification.js';
import { coverageRows } from './rows.js';
import { versionCells, type VersionCells } from './cells.js';

const NOTHING_READ: VersionCells = { cells: new Map(), unclassified: 0 };

export interface CoverageFilter {
  country?: string;
  region?: string;
  status: OfferStatus[];
  level: CoverageLevel;
}

/** The conditions of a filter on offers and countries; unknown codes are refused (400), not read as "nothing". */
async function whereOf(ctx: AppContext, filter: CoverageFilter): Promise<SQL> {
  const conditions: SQL[] = [gt(offers.versions, 0)];
  if (filter.country) {
    const code = filter.country.toUpperCase();
    const [c] = await ctx.db.select({ id: countries.id }).from(countries).where(eq(countries.code, code));
    if (!c) throw refusal('COVERAGE_UNKNOWN_COUNTRY');
    conditions.push(eq(offers.countryId, c.id));
  }
  if (filter.region) {
    const [r] = await ctx.db
      .select({ id: regions.id })
      .from(regions)
      .where(eq(regions.code, filter.region.toUpperCase()));
    if (!r) throw refusal('COVERAGE_UNKNOWN_REGION');
    conditions.push(eq(countries.regionId, r.id));
  }
  if (filter.status.length) conditions.push(inArray(offers.status, filter.status));
  return and(...conditions)!;
}

/**
 * The sector × mode counts of the latest submitted version of each offer the filter takes (a draft is its country's
 * own, so coverage reads what the bloc has put on the table). Each version is read and classified once (cells.ts).
 */
export async function computeCoverage(ctx: AppContext, filter: CoverageFilter): Promise<Coverage> {
  const counted = await ctx.db
    .select({
      offerId: offers.id,
      countryCode: countries.code,
      countryName: countries.name,
      status: offers.status,
      versionNumber: offers.versions,
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    .where(await whereOf(ctx, filter))
    .orderBy(asc(countries.name));
  const read = await versionCells(ctx, new Map(counted.map((o) => [o.offerId, o.versionNumber])));
  const versions = counted.map((o) => read.get(o.offerId) ?? NOTHING_READ);
  const rows = coverageRows(await classification(), filter.level).map((row) => {
    const columns = Array.from({ length: 8 }, emptyCounts);
    for (const version of versions)
      for (const sub of row.subsectors) {
        const cell = version.cells.get(sub);
        columns.forEach((counts, c) => counts[cell?.[c] ?? 'notScheduled']++);
      }
    return {
      code: row.code,
      title: row.title,
      units: versions.length * row.subsectors.length,
      marketAccess: columns.slice(0, 4),
      nationalTreatment: columns.slice(4),
    };
  });
  return {
    level: filter.level,
    country: filter.country?.toUpperCase() ?? null,
    region: filter.region?.toUpperCase() ?? null,
    statuses: filter.status,
    offers: counted,
    rows,
    unclassified: versions.reduce((n, v) => n + v.unclassified, 0),
  };
}
