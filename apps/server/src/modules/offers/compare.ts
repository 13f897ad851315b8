import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import { COMPARE_MAX_COUNTRIES, type OfferDocument } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offerVersions, offers } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';

/** Countries whose offer has been submitted at least once: those that can be compared. */
export async function countriesWithConditionalOffers(ctx: AppContext) {
  return ctx.db
    .select({
      countryId: countries.id,
      code: countries.code,
      name: countries.name,
      nameFr: countries.nameFr,
      nameAr: countries.nameAr,
      offerId: offers.id,
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    .where(gt(offers.versions, 0))
    .orderBy(asc(countries.name));
}

/**
 * The latest submitted version of each chosen country's offer, side by side (at most 4). Countries are
 * named by ISO code or by name, as the spec's screen sends names.
 */
export async function compareOffers(ctx: AppContext, { countries: wanted }: { countries: string[] }) {
  const names = [...new Set(wanted.map((c) => c.trim()).filter(Boolean))];
  if (names.length === 0) throw badRequest('Choose at least one country.');
  if (names.length > COMPARE_MAX_COUNTRIES)
    throw badRequest(`At most ${COMPARE_MAX_COUNTRIES} countries can be compared.`);
  const rows = await ctx.db
    .select({
      offer: { id: offers.id, name: offers.name, versions: offers.versions },
      country: { id: countries.id, code: countries.code, name: countries.name },
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    .where(
      and(
        gt(offers.versions, 0),
        or(
          inArray(
            countries.code,
            names.map((n) => n.toUpperCase()),
          ),
          inArray(countries.name, names),
        ),
      ),
    );
  const result = [];
  for (const { offer, country } of rows) {
    const [version] = await ctx.db
      .select({
        snapshot: offerVersions.snapshot,
        status: offerVersions.status,
        number: offerVersions.number,
        createdAt: offerVersions.createdAt,
      })
      .from(offerVersions)
      .where(and(eq(offerVersions.offerId, offer.id), eq(offerVersions.number, offer.versions)));
    const doc: OfferDocument = version.snapshot;
    result.push({
      offerId: offer.id,
      countryId: country.id,
      countryCode: country.code,
      countryName: country.name,
      version: version.number,
      status: version.status,
      submittedAt: version.createdAt.toISOString(),
      name: doc.name,
      description: doc.description,
      geenralCommitement: doc.geenralCommitement,
      geenralCommitementCon: doc.geenralCommitementCon,
      sectors: doc.sectors,
    });
  }
  return result.sort(
    (a, b) =>
      names.findIndex((n) => n === a.countryCode || n === a.countryName) -
      names.findIndex((n) => n === b.countryCode || n === b.countryName),
  );
}
