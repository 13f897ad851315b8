import { eq } from 'drizzle-orm';
import { blankOfferDocument } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offerVersions, offers } from '../../db/schema/index.js';
import { only } from '../../lib/only.js';

/**
 * A submitted offer of a country (visible to every member state), as the offers area stores it: version 1 named
 * `name`; the draft may have been renamed since (`draftName`).
 */
export async function buildSubmittedOffer(
  ctx: AppContext,
  { country, creatorId, draftName }: { country: string; creatorId: string; draftName?: string },
) {
  const c = only(await ctx.db.select().from(countries).where(eq(countries.code, country)).limit(1));
  const name = `${c.name} Conditional Initial Offer`;
  const row = only(
    await ctx.db
      .insert(offers)
      .values({
        countryId: c.id,
        creatorId,
        name: draftName ?? name,
        document: { ...blankOfferDocument(), name: draftName ?? name },
        versions: 1,
        status: 'INITIAL_OFFER',
        submittedToAU: !draftName,
      })
      .returning(),
  );
  await ctx.db.insert(offerVersions).values({
    offerId: row.id,
    number: 1,
    status: 'INITIAL_OFFER',
    snapshot: { ...blankOfferDocument(), name },
    authorId: creatorId,
  });
  return { id: row.id, name, countryId: c.id };
}
