import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesApi } from './api';
import { countryLabel } from './label';

/** The list of member states, loaded once. */
export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => countriesApi.list(signal), staleTime: Infinity });
}

/**
 * Names countries in the interface language by their code, for lists that show many (the chat's rooms and
 * participants); `fallback` (the server's English name) until the list is loaded or for an unknown code.
 */
export function useCountryNames(): (code: string | null | undefined, fallback?: string | null) => string | null {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  return (code, fallback) => {
    const country = code ? data?.find((c) => c.code === code) : undefined;
    return country ? countryLabel(country, i18n.language) : (fallback ?? null);
  };
}

/** A country's name in the interface language, from its code. */
export function useCountryName(code: string | null | undefined, fallback?: string | null): string | null {
  return useCountryNames()(code, fallback);
}
