import { eq } from 'drizzle-orm';
import { isStaff, roleMaySubmit, writesCountryOffer, type Profile } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { countries, offers, regions, users } from '../../db/schema/index.js';
import { firstOr404 } from '../../errors.js';
import { presentProfile } from './presenter.js';

/**
 * The profile of one user, with their country and region names: remembered a short while (the session cache's time
 * limit), and read afresh after anything that changes it (a profile edit, the language, a role or country change,
 * deactivation: the `user.accessChanged` / `user.accessEnded` events drop it inside `emit`, so the call that made
 * the change already reads afresh, and on every instance).
 */
export async function getProfile(ctx: AppContext, { userId }: { userId: string }): Promise<Profile> {
  const remembered = ctx.sessionCache.recallProfile(userId);
  if (remembered) return remembered;
  const epoch = ctx.sessionCache.epoch;
  const row = await firstOr404(
    ctx.db
      .select({ user: users, country: countries, region: regions })
      .from(users)
      .leftJoin(countries, eq(countries.id, users.countryId))
      .leftJoin(regions, eq(regions.id, users.regionId))
      .where(eq(users.id, userId))
      .limit(1),
  );
  const profile = presentProfile(row.user, row.country, row.region);
  ctx.sessionCache.rememberProfile(profile, epoch);
  return profile;
}

/** Whether the user may create an offer (none yet for the country, or the secretariat) and submit one. */
export async function offerAccess(ctx: AppContext, { actor }: { actor: Actor }) {
  if (isStaff(actor.role)) return { canCreateOffer: true, canSubmitOffer: true, offerId: null };
  if (actor.countryId === null || !writesCountryOffer(actor.role)) {
    return { canCreateOffer: false, canSubmitOffer: false, offerId: null };
  }
  const [offer] = await ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.countryId, actor.countryId));
  return { canCreateOffer: !offer, canSubmitOffer: roleMaySubmit(actor.role, false), offerId: offer?.id ?? null };
}
