/**
 * The one place the web app names a member state or a region in the interface language: the shared rule
 * (packages/shared text/place-names.ts), under the names the screens use. Screens that hold only a code use
 * useCountryNames / useRegionNames (useCountries.ts), which apply the same rule.
 */
import { placeName, regionTitleIn, type PlaceNames } from '@portal/shared';

/** A country's name in the interface language (English when no translation is kept). */
export const countryLabel = (country: PlaceNames, language: string): string => placeName(country, language);

/** A region's name in the interface language (English when no translation is kept). */
export const regionLabel = (
  region: { regionTitle: string; regionTitleFr: string; regionTitleAr: string },
  language: string,
): string => regionTitleIn(region, language);
