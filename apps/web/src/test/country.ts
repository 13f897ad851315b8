import type { Country } from '@portal/shared';

/** A country as GET /countries lists it, its name the same in the three languages; `over` changes it. */
export const testCountry = (id: number, code: string, name: string, over: Partial<Country> = {}): Country => ({
  id,
  code,
  name,
  nameFr: name,
  nameAr: name,
  alpha3: code,
  regionId: null,
  active: true,
  ...over,
});
