// The offers lists (workspace, conditional offers, the secretariat's queue) and the countries without an offer.
import { and, asc, desc, eq, gt, notInArray, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStaff, type Country, type OfferListItem } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { countries, offerVersions, offers } from '../../db/schema/index.js';
import { countryColumns } from '../../db/columns.js';
import { presentCountry } from '../countries/service.js';
import { isLatestVersion } from './latest-version.js';
import { presentListItem } from './presenter.js';
import { META } from './service.js';

/** Which offers a list holds: all, those with a submitted version, or one country's (the actor's). */
type ListFilter = 'all' | 'submitted' | 'country';
type ListOrder = 'review' | 'updated';
/** Whose view of the sort time (see shownChange). */
type Viewer = 'staff' | 'noCountry' | 'country';

const viewerOf = (actor: Actor): Viewer =>
  isStaff(actor.role) ? 'staff' : actor.countryId === null ? 'noCountry' : 'country';

/** The list's statement for one filter, order and viewer, the actor's country a placeholder (prepared once each). */
function listQuery(db: Db, filter: ListFilter, order: ListOrder, viewer: Viewer) {
  const countryId = sql.placeholder('countryId');
  const lastSubmitted = db
    .select({ offerId: offerVersions.offerId, at: sql<Date>`max(${offerVersions.createdAt})`.as('at') })
    .from(offerVersions)
    .groupBy(offerVersions.offerId)
    .as('last_submitted');
  const latest = alias(offerVersions, 'latest_version');
  return db
    .select({
      offer: META,
      sectors: offers.sectorCount,
      ...countryColumns(countries),
      active: countries.active,
      lastAt: lastSubmitted.at,
      latestName: latest.snapshotName,
      latestSectors: latest.sectorCount,
      latestAt: latest.createdAt,
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    .leftJoin(lastSubmitted, eq(lastSubmitted.offerId, offers.id))
    .leftJoin(latest, isLatestVersion(latest))
    .where(
      filter === 'submitted'
        ? gt(offers.versions, 0)
        : filter === 'country'
          ? eq(offers.countryId, countryId)
          : undefined,
    )
    .orderBy(
      ...(order === 'review'
        ? reviewOrder(lastSubmitted.at)
        : [desc(shownChange(viewer, countryId, latest.createdAt))]),
    )
    .prepare(`offer_list_${filter}_${order}_${viewer}`);
}

const listStatements = preparedPer(() => new Map<string, ReturnType<typeof listQuery>>());

/**
 * Offer list rows as the actor may see them: the draft's name, sector count and last change for its country and
 * the secretariat, the latest submitted version's for everyone else (see presentListItem), and sorted by the same
 * time: a draft saved after a submission does not move the offer up in others' lists.
 */
function listRows(ctx: AppContext, actor: Actor, filter: ListFilter, order: ListOrder): Promise<OfferListItem[]> {
  const viewer = viewerOf(actor);
  const statementKey = `${filter}|${order}|${viewer}`;
  const read = async () => {
    const statements = listStatements(ctx.db);
    let statement = statements.get(statementKey);
    if (!statement) statements.set(statementKey, (statement = listQuery(ctx.db, filter, order, viewer)));
    const rows = await statement.execute({ countryId: actor.countryId ?? 0 });
    return rows.map((r) =>
      presentListItem(
        actor,
        r.offer,
        r,
        { sectors: r.sectors },
        { name: r.latestName, sectors: r.latestSectors, createdAt: r.latestAt },
        r.lastAt ? new Date(r.lastAt) : null,
      ),
    );
  };
  // Kept per list and viewer until an offer it may hold changes (offers/cache.ts).
  const country = filter === 'country' ? actor.countryId : null;
  return ctx.offerCache.list(country, `${statementKey}|${actor.role}|${actor.countryId}`, read);
}

/**
 * The review queue's order: versions awaiting a decision first, the one waiting longest at the top (first submitted,
 * first read); then the decided ones, the latest submission first.
 */
function reviewOrder(lastSubmittedAt: SQL.Aliased<Date>) {
  const awaiting = sql`${offers.status} in ('INITIAL_OFFER', 'REVISED_OFFER')`;
  return [
    desc(awaiting),
    asc(sql`case when ${awaiting} then ${lastSubmittedAt} end`),
    desc(lastSubmittedAt),
    asc(offers.id),
  ];
}

/** The list's sort time, as presentListItem shows it: the draft's last change to those who see it, else the latest version's time. */
function shownChange(viewer: Viewer, countryId: Placeholder, latestAt: AnyColumn) {
  if (viewer === 'staff') return offers.updatedAt;
  if (viewer === 'noCountry') return sql`coalesce(${latestAt}, ${offers.updatedAt})`;
  return sql`case when ${offers.countryId} = ${countryId} then ${offers.updatedAt} else coalesce(${latestAt}, ${offers.updatedAt}) end`;
}

/** The workspace list: one's own country's offers; the secretariat sees all; an advisor the submitted ones. */
export function listMyOffers(ctx: AppContext, { actor }: { actor: Actor }) {
  if (isStaff(actor.role)) return listRows(ctx, actor, 'all', 'updated');
  if (actor.countryId === null) return listRows(ctx, actor, 'submitted', 'updated');
  return listRows(ctx, actor, 'country', 'updated');
}

/** Conditional offers of all countries: those with at least one submitted version. */
export function listSubmittedOffers(ctx: AppContext, { actor }: { actor: Actor }) {
  return listRows(ctx, actor, 'submitted', 'updated');
}

/**
 * The secretariat's queue: offers with a submitted version, those awaiting a decision first. A draft never submitted
 * is not there: there is nothing to decide on, and it is its country's work in progress (the secretariat reaches it,
 * and the offers it creates for a country, on the workspace list).
 */
export function listReviewQueue(ctx: AppContext, { actor }: { actor: Actor }) {
  return listRows(ctx, actor, 'submitted', 'review');
}

/** Active member states that have no offer yet (the secretariat may create one for them). */
export async function countriesWithoutOffer(ctx: AppContext): Promise<Country[]> {
  const withOffer = ctx.db.select({ id: offers.countryId }).from(offers);
  const rows = await ctx.db
    .select()
    .from(countries)
    .where(and(eq(countries.active, true), notInArray(countries.id, withOffer)))
    .orderBy(asc(countries.name));
  return rows.map(presentCountry);
}
