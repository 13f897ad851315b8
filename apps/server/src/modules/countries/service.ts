import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { LIVE_CLOSE, NOTIFICATION_TOPIC, type Country, type QueueMessage } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db } from '../../db/client.js';
import { countries, sessions, users } from '../../db/schema/index.js';
import { notFound, firstOr404 } from '../../errors.js';
import { writeAudit } from '../logs/service.js';

type CountryRow = typeof countries.$inferSelect;

/** A country as the API answers it. */
export const presentCountry = (c: CountryRow): Country => ({
  id: c.id,
  code: c.code,
  name: c.name,
  nameFr: c.nameFr,
  nameAr: c.nameAr,
  alpha3: c.alpha3,
  regionId: c.regionId,
  active: c.active,
});

/** GET /countries: the member states by name, active or not. */
export async function listCountries(db: Db): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.name));
  return rows.map(presentCountry);
}

/**
 * PUT /countries/{id}/active (back office). Deactivating a country revokes its users' sessions in the same
 * transaction, then tells their browsers live (COUNTRY_DEACTIVATED on /topic/queue, which logs them out) and
 * closes their live connections on every instance.
 */
export async function setCountryActive(
  ctx: AppContext,
  { actor, countryId, active, meta }: { actor: Actor; countryId: number; active: boolean; meta: RequestMeta },
): Promise<Country> {
  const row = await ctx.db.transaction(async (tx) => {
    const updated = await firstOr404(
      tx.update(countries).set({ active }).where(eq(countries.id, countryId)).returning(),
      () => notFound('Country not found'),
    );
    if (!active) {
      const members = tx.select({ id: users.id }).from(users).where(eq(users.countryId, countryId));
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'COUNTRY_DEACTIVATED' })
        .where(and(inArray(sessions.userId, members), isNull(sessions.revokedAt)));
    }
    await writeAudit(tx, {
      action: active ? 'COUNTRY_ACTIVATED' : 'COUNTRY_DEACTIVATED',
      logUser: actor.email,
      value: { countryId, code: updated.code },
      meta,
    });
    return updated;
  });
  if (!active) {
    const message: QueueMessage = { type: 'COUNTRY_DEACTIVATED', country_code: row.code };
    await ctx.realtime.publish(NOTIFICATION_TOPIC, message, { country_code: row.code });
    await ctx.realtime.disconnect({ countryIds: [row.id], reason: LIVE_CLOSE.COUNTRY_DEACTIVATED });
  }
  ctx.events.emit('country.activeChanged', { countryId: row.id, code: row.code, active, actorId: actor.id });
  return presentCountry(row);
}
