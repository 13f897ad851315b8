import { and, eq, gt } from 'drizzle-orm';
import {
  COMMITMENT_RANK,
  MODES_OF_SUPPLY,
  classifyCommitment,
  concordanceLeaves,
  goesBeyond,
  compareW120Codes,
  inClassificationOrder,
  sectorMatchKeys,
  type CommitmentClass,
  type GatsPlus,
  type GatsPlusCell,
  type ModeOfSupply,
  type OfferDocument,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, gatsCommitments, offerVersions, offers } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { memberKey } from '../gats/keys.js';
import { isLatestVersion } from '../offers/latest-version.js';
import { classification } from '../sectors/classification.js';

type GatsRow = typeof gatsCommitments.$inferSelect;
/** The GATS schedule's column of each mode of supply, for market access and for national treatment. */
const MA = {
  crossBorder: 'ma1',
  consumptionAbroad: 'ma2',
  commercialPresence: 'ma3',
  presenceOfNaturalPersons: 'ma4',
} as const satisfies Record<ModeOfSupply, string>;
const NT = {
  crossBorder: 'nt1',
  consumptionAbroad: 'nt2',
  commercialPresence: 'nt3',
  presenceOfNaturalPersons: 'nt4',
} as const satisfies Record<ModeOfSupply, string>;

/** The GATS rows of the member that speak for a W/120 code: the code's own, else its nearest ancestor's. */
function gatsRowsFor(code: string, byCode: Map<string, GatsRow[]>): GatsRow[] {
  for (let c = code; c; c = c.slice(0, Math.max(0, c.lastIndexOf('.')))) {
    const rows = byCode.get(c);
    if (rows) return rows;
  }
  return [];
}

/** The most liberal of several GATS entries (GATS+ is claimed only beyond the best of them), and its text. */
function bestGats(rows: GatsRow[], column: (typeof MA)[ModeOfSupply] | (typeof NT)[ModeOfSupply]) {
  let best: { cls: CommitmentClass; text: string } = { cls: 'notScheduled', text: '' };
  for (const r of rows) {
    const cls = classifyCommitment(r[column]);
    if (!best.text || COMMITMENT_RANK[cls] > COMMITMENT_RANK[best.cls]) best = { cls, text: r[column] };
  }
  return best;
}

/**
 * GATS+ at a glance: each sector and mode of the country's latest submitted version against the same country's GATS
 * schedule (the View GATS data), computed from the classes of the two entries, beside the hand-ticked box.
 */
export async function computeGatsPlus(ctx: AppContext, { country }: { country: string }): Promise<GatsPlus> {
  const [row] = await ctx.db
    .select({
      offerId: offers.id,
      versions: offers.versions,
      code: countries.code,
      name: countries.name,
      snapshot: offerVersions.snapshot,
    })
    .from(countries)
    .leftJoin(offers, and(eq(offers.countryId, countries.id), gt(offers.versions, 0)))
    .leftJoin(offerVersions, isLatestVersion(offerVersions))
    .where(eq(countries.code, country.toUpperCase()))
    .limit(1);
  if (!row) throw refusal('COVERAGE_UNKNOWN_COUNTRY');
  if (!row.offerId || !row.snapshot) throw refusal('COVERAGE_NO_OFFER');
  const doc: OfferDocument = row.snapshot;

  const gats = await ctx.db
    .select()
    .from(gatsCommitments)
    .where(eq(gatsCommitments.memberKey, memberKey(row.name)));
  const byCode = new Map<string, GatsRow[]>();
  for (const g of gats) byCode.set(g.sectorCode, [...(byCode.get(g.sectorCode) ?? []), g]);
  const leaves = concordanceLeaves(await classification());

  const summary = { gatsPlus: 0, ticked: 0, tickedOnly: 0, computedOnly: 0 };
  // Read in classification order, as the schedule is printed; the version keeps the order of entry.
  const rows = inClassificationOrder(doc.sectors).map((sector) => {
    const keys = sectorMatchKeys(sector, leaves);
    const matched = keys.flatMap((k) => gatsRowsFor(k, byCode));
    const cells = (block: 'limitationsMA' | 'limitationsOnNationalTreatment', columns: typeof MA | typeof NT) =>
      MODES_OF_SUPPLY.map((mode): GatsPlusCell => {
        const entry = sector.sectorCommitement[block][mode];
        const offer = classifyCommitment(entry.value);
        const { cls, text } = bestGats(matched, columns[mode]);
        const gatsPlus = goesBeyond(offer, cls);
        const ticked = entry.isChecked;
        if (gatsPlus) summary.gatsPlus++;
        if (ticked) summary.ticked++;
        if (ticked && !gatsPlus) summary.tickedOnly++;
        if (gatsPlus && !ticked) summary.computedOnly++;
        return { offer, gats: cls, gatsValue: text, gatsPlus, ticked };
      });
    return {
      code: keys.join(', ') || sector.services.map((s) => s.value).join(', '),
      title: sector.services.map((s) => s.title).join('; '),
      gatsCodes: [...new Set(matched.map((g) => g.sectorCode))].sort(compareW120Codes),
      marketAccess: cells('limitationsMA', MA),
      nationalTreatment: cells('limitationsOnNationalTreatment', NT),
    };
  });
  return {
    offerId: row.offerId,
    countryCode: row.code,
    countryName: row.name,
    versionNumber: row.versions ?? 0,
    gatsMember: gats[0]?.member ?? null,
    rows,
    summary,
  };
}
