import type { Country } from '@portal/shared';

/** A country's name in the interface language (English when no translation is kept). */
export function countryLabel(country: Pick<Country, 'name' | 'nameFr' | 'nameAr'>, language: string): string {
  if (language.startsWith('fr')) return country.nameFr || country.name;
  if (language.startsWith('ar')) return country.nameAr || country.name;
  return country.name;
}
