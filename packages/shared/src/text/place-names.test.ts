import { describe, expect, it } from 'vitest';
import { placeName, regionTitleIn } from './place-names.js';

describe('place names', () => {
  const senegal = { name: 'Senegal', nameFr: 'Sénégal', nameAr: 'السنغال' };
  const west = { regionTitle: 'Western Africa', regionTitleFr: "Afrique de l'Ouest", regionTitleAr: 'غرب أفريقيا' };

  it('names a country in the interface language, from the language tag', () => {
    expect(placeName(senegal, 'en')).toBe('Senegal');
    expect(placeName(senegal, 'fr')).toBe('Sénégal');
    expect(placeName(senegal, 'fr-CA')).toBe('Sénégal');
    expect(placeName(senegal, 'ar')).toBe('السنغال');
    expect(placeName(senegal, 'sw')).toBe('Senegal');
  });

  it('falls back to the English name when no translation is kept', () => {
    expect(placeName({ ...senegal, nameAr: '' }, 'ar')).toBe('Senegal');
  });

  it('names a region in the interface language', () => {
    expect(regionTitleIn(west, 'fr')).toBe("Afrique de l'Ouest");
    expect(regionTitleIn(west, 'ar')).toBe('غرب أفريقيا');
    expect(regionTitleIn(west, 'en')).toBe('Western Africa');
  });
});
