import { eq } from 'drizzle-orm';
import { blankOfferDocument } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offers } from '../../db/schema/index.js';

/** A submitted offer of a country (visible to every member state), as the offers area stores it. */
export async function buildSubmittedOffer(ctx: AppContext, { country, creatorId }: { country: string; creatorId: string }) {
  const [c] = await ctx.db.select().from(countries).where(eq(countries.code, country)).limit(1);
  const [row] = await ctx.db
    .insert(offers)
    .values({ countryId: c.id, creatorId, name: `${c.name} Conditional Initial Offer`, document: blankOfferDocument(), versions: 1, status: 'INITIAL_OFFER', submittedToAU: true })
    .returning();
  return { id: row.id, name: row.name, countryId: c.id };
}
