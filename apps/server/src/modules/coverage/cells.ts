import { and, eq, or, sql } from 'drizzle-orm';
import { MODES_OF_SUPPLY, classifyCommitment, combineClass, type CommitmentClass, type Sector } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { offerVersions } from '../../db/schema/index.js';
import { classification } from '../sectors/classification.js';
import { subsectorMapper } from './rows.js';

/** A submitted version as coverage reads it: per subsector, the class of each of the 8 columns (MA 1–4, NT 1–4). */
export interface VersionCells {
  cells: Map<string, CommitmentClass[]>;
  /** Sectors no W/120 item corresponds to. */
  unclassified: number;
}

/**
 * Versions are immutable, so what coverage reads of one is kept (by offer and version number): a bloc-wide count then
 * reads only the versions submitted since. Bounded, oldest entries dropped first.
 *
 * @cache coverage-cells
 */
const cache = new Map<string, VersionCells>();
const CACHE_LIMIT = 2000;
const keyOf = (offerId: string, number: number) => `${offerId}:${number}`;

type StoredSector = Pick<Sector, 'type' | 'services' | 'sectorCommitement'>;
const BLOCKS = ['limitationsMA', 'limitationsOnNationalTreatment'] as const;

/** The 8 entry values of a sector, in column order (market access modes 1–4, national treatment modes 1–4). */
const valuesOf = (sector: StoredSector) =>
  BLOCKS.flatMap((b) => MODES_OF_SUPPLY.map((m) => sector.sectorCommitement?.[b]?.[m]?.value ?? ''));

/** The cells of the versions named (offer id → version number), from the cache or read and classified now. */
export async function versionCells(ctx: AppContext, versions: Map<string, number>): Promise<Map<string, VersionCells>> {
  const out = new Map<string, VersionCells>();
  const missing: string[] = [];
  for (const [offerId, number] of versions) {
    const hit = cache.get(keyOf(offerId, number));
    if (hit) out.set(offerId, hit);
    else missing.push(offerId);
  }
  if (missing.length === 0) return out;

  // The stored text, parsed here: PGlite parsing thousands of sectors as jsonb costs several times more.
  const rows = await ctx.db
    .select({ offerId: offerVersions.offerId, doc: sql<string>`${offerVersions.snapshot}::text` })
    .from(offerVersions)
    .where(or(...missing.map((id) => and(eq(offerVersions.offerId, id), eq(offerVersions.number, versions.get(id)!)))));
  const toSubsectors = subsectorMapper(await classification());
  // Offers repeat the same services and the same few values: each is mapped and classified once per call.
  const subsectorsMemo = new Map<string, string[]>();
  const classMemo = new Map<string, CommitmentClass>();
  const classify = (value: string) => {
    let c = classMemo.get(value);
    if (!c) classMemo.set(value, (c = classifyCommitment(value)));
    return c;
  };

  const gathered = new Map<string, VersionCells>();
  for (const r of rows) {
    const g: VersionCells = { cells: new Map(), unclassified: 0 };
    gathered.set(r.offerId, g);
    for (const sector of (JSON.parse(r.doc) as { sectors?: StoredSector[] }).sectors ?? []) {
      const services = sector.services ?? [];
      const key = `${sector.type}|${services.map((x) => `${x.key}=${x.value}`).join(';')}`;
      let subsectors = subsectorsMemo.get(key);
      if (!subsectors) subsectorsMemo.set(key, (subsectors = toSubsectors({ type: sector.type ?? '', services })));
      if (subsectors.length === 0) {
        g.unclassified++;
        continue;
      }
      const classes = valuesOf(sector).map(classify);
      for (const sub of subsectors) {
        const cell = g.cells.get(sub);
        if (!cell) g.cells.set(sub, classes.slice());
        // Not scheduled is what combining starts from (combineClass gives way to the other class).
        else classes.forEach((cls, i) => (cell[i] = combineClass(cell[i] ?? 'notScheduled', cls)));
      }
    }
  }
  for (const [offerId, entry] of gathered) {
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(keyOf(offerId, versions.get(offerId)!), entry);
    out.set(offerId, entry);
  }
  return out;
}

/** Forget what was read (the benchmark measures reading every version). */
export const clearCoverageCache = () => cache.clear();
