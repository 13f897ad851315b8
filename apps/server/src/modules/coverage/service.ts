import { and, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import {
  classifyCommitment,
  combineClasses,
  emptyCounts,
  type CommitmentClass,
  type Coverage,
  type CoverageLevel,
  type OfferStatus,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offerVersions, offers, regions } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { classification } from '../sectors/classification.js';
import { coverageGrid, type FourModes } from './rows.js';

export interface CoverageFilter {
  country?: string;
  region?: string;
  status: OfferStatus[];
  level: CoverageLevel;
}

/** One scheduled sector of a counted version, as the database hands it out: its services and its eight values. */
interface EntryRow {
  offerId: string;
  countryCode: string;
  countryName: string;
  status: OfferStatus;
  versionNumber: number;
  type: string | null;
  services: string | null;
  ma1: string | null;
  ma2: string | null;
  ma3: string | null;
  ma4: string | null;
  nt1: string | null;
  nt2: string | null;
  nt3: string | null;
  nt4: string | null;
}

const VALUE = (block: string, mode: string) => sql.raw(`s.value #>> '{sectorCommitement,${block},${mode},value}'`);

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
 * own, so coverage reads what the bloc has put on the table). The database hands out only the services and the eight
 * values of each sector, not whole documents.
 */
export async function computeCoverage(ctx: AppContext, filter: CoverageFilter): Promise<Coverage> {
  const where = await whereOf(ctx, filter);
  const result = await ctx.db.execute(sql`
    select ${offers.id} as "offerId", ${countries.code} as "countryCode", ${countries.name} as "countryName",
      ${offers.status} as status, ${offers.versions} as "versionNumber",
      s.value ->> 'type' as type, (s.value -> 'services')::text as services,
      ${VALUE('limitationsMA', 'crossBorder')} as ma1, ${VALUE('limitationsMA', 'consumptionAbroad')} as ma2,
      ${VALUE('limitationsMA', 'commercialPresence')} as ma3,
      ${VALUE('limitationsMA', 'presenceOfNaturalPersons')} as ma4,
      ${VALUE('limitationsOnNationalTreatment', 'crossBorder')} as nt1,
      ${VALUE('limitationsOnNationalTreatment', 'consumptionAbroad')} as nt2,
      ${VALUE('limitationsOnNationalTreatment', 'commercialPresence')} as nt3,
      ${VALUE('limitationsOnNationalTreatment', 'presenceOfNaturalPersons')} as nt4
    from ${offers}
    join ${countries} on ${countries.id} = ${offers.countryId}
    join ${offerVersions} on ${offerVersions.offerId} = ${offers.id} and ${offerVersions.number} = ${offers.versions}
    left join lateral json_array_elements(${offerVersions.snapshot} -> 'sectors') s on true
    where ${where}
    order by ${countries.name}, ${offers.id}`);
  const entries = (result as unknown as { rows: EntryRow[] }).rows;
  const grid = coverageGrid(await classification(), filter.level);

  // Per offer, per subsector: the classes of its entries in each of the 8 columns.
  const counted = new Map<string, Coverage['offers'][number]>();
  const cells = new Map<string, FourModes<CommitmentClass[]>[]>(); // `${offerId} ${subsector}` → [ma, nt]
  let unclassified = 0;
  for (const e of entries) {
    counted.set(e.offerId, {
      offerId: e.offerId,
      countryCode: e.countryCode,
      countryName: e.countryName,
      status: e.status,
      versionNumber: Number(e.versionNumber),
    });
    if (e.services === null) continue; // an offer without sectors: counted, all not scheduled
    const services = JSON.parse(e.services) as { value: string; key: string }[];
    const subsectors = grid.subsectorsOf({ type: e.type ?? '', services: services ?? [] });
    if (subsectors.length === 0) {
      unclassified++;
      continue;
    }
    const ma = [e.ma1, e.ma2, e.ma3, e.ma4].map(classifyCommitment);
    const nt = [e.nt1, e.nt2, e.nt3, e.nt4].map(classifyCommitment);
    for (const sub of subsectors) {
      const key = `${e.offerId} ${sub}`;
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = [fourLists(), fourLists()]));
      for (let m = 0; m < 4; m++) {
        cell[0][m].push(ma[m]);
        cell[1][m].push(nt[m]);
      }
    }
  }

  const offerIds = [...counted.keys()];
  const rows = grid.rows.map((row) => {
    const marketAccess = [emptyCounts(), emptyCounts(), emptyCounts(), emptyCounts()];
    const nationalTreatment = [emptyCounts(), emptyCounts(), emptyCounts(), emptyCounts()];
    for (const offerId of offerIds)
      for (const sub of row.subsectors) {
        const cell = cells.get(`${offerId} ${sub}`);
        for (let m = 0; m < 4; m++) {
          marketAccess[m][cell ? combineClasses(cell[0][m]) : 'notScheduled']++;
          nationalTreatment[m][cell ? combineClasses(cell[1][m]) : 'notScheduled']++;
        }
      }
    return {
      code: row.code,
      title: row.title,
      units: offerIds.length * row.subsectors.length,
      marketAccess,
      nationalTreatment,
    };
  });
  return {
    level: filter.level,
    country: filter.country?.toUpperCase() ?? null,
    region: filter.region?.toUpperCase() ?? null,
    statuses: filter.status,
    offers: [...counted.values()],
    rows,
    unclassified,
  };
}

const fourLists = (): FourModes<CommitmentClass[]> => [[], [], [], []];
