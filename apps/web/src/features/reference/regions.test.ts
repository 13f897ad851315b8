import { describe, expect, it } from 'vitest';
import type { Country, Region } from '@portal/shared';
import { groupByRegion } from './regions';

const region = (id: number, code: string, en: string, fr: string, ar: string): Region => ({
  id,
  code,
  regionTitle: en,
  regionTitleFr: fr,
  regionTitleAr: ar,
  logo: null,
});
const country = (id: number, code: string, en: string, fr: string, ar: string, regionId: number | null): Country => ({
  id,
  code,
  name: en,
  nameFr: fr,
  nameAr: ar,
  alpha3: code + 'X',
  regionId,
  active: true,
});

const REGIONS = [
  region(1, 'EA', 'Eastern Africa', "Afrique de l'Est", 'شرق أفريقيا'),
  region(2, 'WA', 'Western Africa', "Afrique de l'Ouest", 'غرب أفريقيا'),
];
const COUNTRIES = [
  country(1, 'KE', 'Kenya', 'Kenya', 'كينيا', 1),
  country(2, 'RW', 'Rwanda', 'Rwanda', 'رواندا', 1),
  country(3, 'CI', "Côte d'Ivoire", "Côte d'Ivoire", 'كوت ديفوار', 2),
  country(4, 'GH', 'Ghana', 'Ghana', 'غانا', 2),
  country(5, 'XX', 'Elsewhere', 'Ailleurs', 'مكان آخر', null),
];

describe('groupByRegion', () => {
  it('lists every region with its members in order, and members without a region last', () => {
    const groups = groupByRegion(REGIONS, COUNTRIES, 'en', '', 'Other');
    expect(groups.map((g) => [g.title, g.members.map((m) => m.country.code)])).toEqual([
      ['Eastern Africa', ['KE', 'RW']],
      ['Western Africa', ['CI', 'GH']],
      ['Other', ['XX']],
    ]);
  });

  it('uses the interface language', () => {
    const groups = groupByRegion(REGIONS, COUNTRIES, 'ar', '', 'أخرى');
    expect(groups[0]?.title).toBe('شرق أفريقيا');
    expect(groups[0]?.members.map((m) => m.name)).toContain('كينيا');
  });

  it('finds members by name without accents or by code, and a region by its name', () => {
    expect(
      groupByRegion(REGIONS, COUNTRIES, 'en', 'cote', 'Other').flatMap((g) => g.members.map((m) => m.country.code)),
    ).toEqual(['CI']);
    expect(
      groupByRegion(REGIONS, COUNTRIES, 'en', 'rw', 'Other').flatMap((g) => g.members.map((m) => m.country.code)),
    ).toEqual(['RW']);
    expect(groupByRegion(REGIONS, COUNTRIES, 'fr', "l'ouest", 'Autres').map((g) => g.members.length)).toEqual([2]);
    expect(groupByRegion(REGIONS, COUNTRIES, 'en', 'nothing like it', 'Other')).toEqual([]);
  });
});
