import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isStaff, type RequestMatrix } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { countries, offerRequests } from '../../db/schema/index.js';

const requesting = alias(countries, 'requesting_country');
const requested = alias(countries, 'requested_country');

/** Who sees the whole bloc's matrix: the secretariat, admins and regional advisors (counts only, no request). */
const seesWholeBloc = (actor: Actor) => isStaff(actor.role) || actor.role === 'REGIONAL_ADVISOR';

/**
 * The request–offer matrix: per requesting and requested country, the requests sent (answered ones included; drafts
 * and withdrawn ones are not on the table) with the sectors they ask for and the sectors of those answered. A
 * country's users see the pairs their country is in.
 */
export async function requestMatrix(ctx: AppContext, { actor }: { actor: Actor }): Promise<RequestMatrix> {
  const whole = seesWholeBloc(actor);
  if (!whole && actor.countryId === null) return { countries: [], pairs: [] };
  const own = whole
    ? undefined
    : or(
        eq(offerRequests.requestingCountryId, actor.countryId!),
        eq(offerRequests.requestedCountryId, actor.countryId!),
      );
  const sectors = sql<number>`jsonb_array_length(${offerRequests.sectors})`;
  const pairs = await ctx.db
    .select({
      requestingCountryCode: requesting.code,
      requestedCountryCode: requested.code,
      requests: sql<number>`count(*)::int`,
      sectorsAsked: sql<number>`sum(${sectors})::int`,
      sectorsAnswered: sql<number>`coalesce(sum(${sectors}) filter (where ${offerRequests.status} = 'ANSWERED'), 0)::int`,
    })
    .from(offerRequests)
    .innerJoin(requesting, eq(requesting.id, offerRequests.requestingCountryId))
    .innerJoin(requested, eq(requested.id, offerRequests.requestedCountryId))
    .where(and(inArray(offerRequests.status, ['SENT', 'ANSWERED']), own))
    .groupBy(requesting.code, requested.code)
    .orderBy(requesting.code, requested.code);
  const codes = ['', ...new Set(pairs.flatMap((p) => [p.requestingCountryCode, p.requestedCountryCode]))];
  const names = await ctx.db
    .select({ code: countries.code, name: countries.name, nameFr: countries.nameFr, nameAr: countries.nameAr })
    .from(countries)
    .where(or(inArray(countries.code, codes), whole ? undefined : eq(countries.id, actor.countryId!)))
    .orderBy(countries.name);
  return { countries: names, pairs };
}
