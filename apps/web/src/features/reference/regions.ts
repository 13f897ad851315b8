import type { Country, Region } from '@portal/shared';
import { countryLabel, regionLabel } from '../countries/label';

interface RegionGroup {
  region: Region | null;
  title: string;
  members: { country: Country; name: string }[];
}

/** Folds accents and case, so "cote" finds "Côte d'Ivoire". */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * The bloc's regions with their member states, in the interface language, filtered by a search that matches a
 * region's name or a member's name (any language) or code. A region matching shows all its members; member states
 * in no region are grouped last (title from `otherTitle`). Empty groups are left out.
 */
export function groupByRegion(
  regions: readonly Region[],
  countries: readonly Country[],
  lang: string,
  search: string,
  otherTitle: string,
): RegionGroup[] {
  const q = fold(search.trim());
  const hit = (...texts: string[]) => q === '' || texts.some((text) => fold(text).includes(q));
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, lang);
  const groups = [...regions.map((r) => ({ region: r as Region | null })), { region: null }].map(({ region }) => {
    const title = region ? regionLabel(region, lang) : otherTitle;
    const regionHit =
      region !== null && q !== '' && hit(region.regionTitle, region.regionTitleFr, region.regionTitleAr, region.code);
    const members = countries
      .filter((c) =>
        region ? c.regionId === region.id : c.regionId === null || !regions.some((r) => r.id === c.regionId),
      )
      .filter((c) => regionHit || hit(c.name, c.nameFr, c.nameAr, c.code, c.alpha3))
      .map((country) => ({ country, name: countryLabel(country, lang) }))
      .sort(byName);
    return { region, title, members };
  });
  return groups.filter((g) => g.members.length > 0);
}
