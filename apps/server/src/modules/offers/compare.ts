import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import {
  COMPARE_MAX_COUNTRIES,
  concordanceLeaves,
  sectorMatchKeys,
  type ComparedOffer,
  type Language,
  type OfferDocument,
} from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offerVersions, offers } from '../../db/schema/index.js';
import { badRequest } from '../../errors.js';
import { classification } from '../sectors/classification.js';
import { isLatestVersion } from './latest-version.js';

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

/** A tab's title in the three languages: the W/120 item's, or the service's own for a service W/120 does not hold. */
type MatchTitle = Record<Language, string>;

/**
 * The latest submitted version of each chosen country's offer, side by side (at most 4). Countries are
 * named by ISO code or by name, as the spec's screen sends names. Each offer comes with the keys its sectors are
 * matched by (`matchKeys[i]` for `sectors[i]`, see packages/shared/src/offers/compare.ts) and the titles of those keys.
 */
export async function compareOffers(
  ctx: AppContext,
  { countries: wanted }: { countries: string[] },
): Promise<ComparedOffer[]> {
  const names = [...new Set(wanted.map((c) => c.trim()).filter(Boolean))];
  if (names.length === 0) throw badRequest('Choose at least one country.');
  if (names.length > COMPARE_MAX_COUNTRIES)
    throw badRequest(`At most ${COMPARE_MAX_COUNTRIES} countries can be compared.`);
  const rows = await ctx.db
    .select({
      offer: { id: offers.id },
      country: { id: countries.id, code: countries.code, name: countries.name },
      version: {
        snapshot: offerVersions.snapshot,
        status: offerVersions.status,
        number: offerVersions.number,
        createdAt: offerVersions.createdAt,
      },
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    // The latest version (the offer has some, and versions are never deleted).
    .innerJoin(offerVersions, isLatestVersion(offerVersions))
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
  const data = await classification();
  const leaves = concordanceLeaves(data);
  const w120 = new Map(data.w120.map((r) => [r.code, r]));
  const result: ComparedOffer[] = [];
  for (const { offer, country, version } of rows) {
    const doc: OfferDocument = version.snapshot;
    const matchTitles: Record<string, MatchTitle> = {};
    const matchKeys = doc.sectors.map((sector) => {
      const keys = sectorMatchKeys(sector, leaves);
      for (const key of keys) {
        const row = w120.get(key);
        const own = sector.services.find((s) => key === s.key || key.endsWith(`:${s.value}`))?.title ?? key;
        matchTitles[key] = row
          ? { en: row.title_en, fr: row.title_fr || row.title_en, ar: row.title_ar || row.title_en }
          : { en: own, fr: own, ar: own };
      }
      return keys;
    });
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
      matchKeys,
      matchTitles,
    });
  }
  return result.sort(
    (a, b) =>
      names.findIndex((n) => n === a.countryCode || n === a.countryName) -
      names.findIndex((n) => n === b.countryCode || n === b.countryName),
  );
}
