import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../countries/useCountries';

/** A country's name in the interface language, from its code; the server's (English) name until the list loads. */
export function useCountryLabel(): (code: string | null | undefined, fallback: string) => string {
  const { i18n } = useTranslation();
  const { data } = useCountries();
  return useCallback(
    (code, fallback) => {
      const c = code ? data?.find((x) => x.code === code) : undefined;
      if (!c) return fallback;
      if (i18n.language === 'fr') return c.nameFr || c.name;
      if (i18n.language === 'ar') return c.nameAr || c.name;
      return c.name;
    },
    [data, i18n.language],
  );
}
