/** The compare-offers calls (apps/server/src/modules/offers/compare.ts), through the one HTTP client. */
import type { ComparableCountry, CompareOffersBody, OfferDocument, OfferStatus } from '@portal/shared';
import { http } from '../../api/http';

/** A country's latest submitted offer, as compared (wire names kept: geenralCommitement is the spec's spelling). */
export interface ComparedOffer extends Pick<
  OfferDocument,
  'name' | 'description' | 'geenralCommitement' | 'geenralCommitementCon' | 'sectors'
> {
  offerId?: string;
  countryCode: string;
  countryName: string;
  version: number;
  status: OfferStatus;
  submittedAt: string;
  /** `matchKeys[i]`: the W/120 keys `sectors[i]` is matched by (packages/shared/src/offers/compare.ts). */
  matchKeys: string[][];
  /** The title of each match key in en, fr and ar. */
  matchTitles: Record<string, Record<'en' | 'fr' | 'ar', string>>;
}

export const compareApi = {
  countries: (signal?: AbortSignal) => http.get<ComparableCountry[]>('/offers/countriesConditional', signal),
  offers: (codes: string[]) =>
    http.post<ComparedOffer[]>('/offers/offerBycountriesConditional', { countries: codes } satisfies CompareOffersBody),
};

export const compareKeys = {
  countries: () => ['compare', 'countries'] as const,
  offers: (codes: string[]) => ['compare', 'offers', codes] as const,
};
