/** The compare-offers calls (apps/server/src/modules/offers/compare.ts), through the one HTTP client. */
import type { ComparableCountry, ComparedOffer, CompareOffersBody } from '@portal/shared';
import { http } from '../../api/http';

export const compareApi = {
  countries: (signal?: AbortSignal) => http.get<ComparableCountry[]>('/offers/countriesConditional', signal),
  offers: (codes: string[]) =>
    http.post<ComparedOffer[]>('/offers/offerBycountriesConditional', { countries: codes } satisfies CompareOffersBody),
};

export const compareKeys = {
  countries: () => ['compare', 'countries'] as const,
  offers: (codes: string[]) => ['compare', 'offers', codes] as const,
};
