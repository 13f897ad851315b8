import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countriesApi } from './api';

/** The list of member states, loaded once. */
export function useCountries() {
  return useQuery({ queryKey: ['countries'], queryFn: ({ signal }) => countriesApi.list(signal), staleTime: Infinity });
}

/** A country's name in the interface language, from its code. */
export function useCountryName(code: string | null | undefined, fallback?: string | null): string | null {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  const country = code ? data?.find((c) => c.code === code) : undefined;
  if (!country) return fallback ?? null;
  if (i18n.language === 'fr') return country.nameFr || country.name;
  if (i18n.language === 'ar') return country.nameAr || country.name;
  return country.name;
}
