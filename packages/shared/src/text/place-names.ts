/**
 * Names of places (member states, regions) in a language: the French or Arabic name the reference data keeps
 * (ISO 3166 / UN names, loaded from data/reference), else the English one. The one rule both the web app (every screen
 * that names a country or region) and the server (an offer's default title) apply.
 */

/** A place as the reference tables keep it: its English name and its French and Arabic ones (possibly empty). */
export interface PlaceNames {
  name: string;
  nameFr: string;
  nameAr: string;
}

/** The name in `language` ('fr', 'ar', or a tag starting with them), else the English name. */
export function placeName(place: PlaceNames, language: string): string {
  if (language.startsWith('fr')) return place.nameFr || place.name;
  if (language.startsWith('ar')) return place.nameAr || place.name;
  return place.name;
}

/** A region (its `regionTitle*` fields) named in `language`. */
export function regionTitleIn(
  region: { regionTitle: string; regionTitleFr: string; regionTitleAr: string },
  language: string,
): string {
  return placeName({ name: region.regionTitle, nameFr: region.regionTitleFr, nameAr: region.regionTitleAr }, language);
}
