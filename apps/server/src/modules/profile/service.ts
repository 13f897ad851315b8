import { eq } from 'drizzle-orm';
import type { Profile } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, regions, users } from '../../db/schema/index.js';
import { notFound } from '../../errors.js';
import { presentProfile } from './presenter.js';

/** The profile of one user, with their country and region names. */
export async function getProfile(ctx: AppContext, { userId }: { userId: string }): Promise<Profile> {
  const [row] = await ctx.db
    .select({ user: users, country: countries, region: regions })
    .from(users)
    .leftJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound();
  return presentProfile(row.user, row.country, row.region);
}
