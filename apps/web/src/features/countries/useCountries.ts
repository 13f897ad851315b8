import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchRegions } from '../../api/reference';
import { countriesApi } from './api';
import { countryLabel, regionLabel } from './label';

/** The list of member states, loaded once. */
export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => countriesApi.list(signal), staleTime: Infinity });
}

/** The bloc's regions, loaded once. */
export function useRegions() {
  return useQuery({ queryKey: ['regions'], queryFn: ({ signal }) => fetchRegions(signal), staleTime: Infinity });
}

/** Names a country from its code; `fallback` (the server's English name) until the list loads or for a code unknown. */
export interface CountryNamer {
  (code: string | null | undefined, fallback: string): string;
  (code: string | null | undefined, fallback?: string | null): string | null;
}

/**
 * Names countries in the interface language by their code, wherever a screen shows one the server named in English
 * (lists of offers, requests, rooms, participants).
 */
export function useCountryNames(): CountryNamer {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  const language = i18n.language;
  return useCallback(
    (code: string | null | undefined, fallback?: string | null) => {
      const country = code ? data?.find((c) => c.code === code) : undefined;
      return country ? countryLabel(country, language) : (fallback ?? null);
    },
    [data, language],
  ) as CountryNamer;
}

/** A country's name in the interface language, from its code. */
export function useCountryName(code: string | null | undefined, fallback?: string | null): string | null {
  return useCountryNames()(code, fallback);
}

/** A region's name in the interface language, from its id; `fallback` (the server's English name) until loaded. */
export function useRegionLabel(id: number | null | undefined, fallback: string | null): string | null {
  const { i18n } = useTranslation();
  const { data } = useRegions();
  const region = id == null ? undefined : data?.find((r) => r.id === id);
  return region ? regionLabel(region, i18n.language) : fallback;
}
