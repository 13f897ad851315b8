import { useTranslation } from 'react-i18next';
import { useCountries } from '../countries/useCountries';
import { countryLabel } from '../countries/label';

/** The member states as select options (value: code), named and sorted in the interface language. */
export function useCountryOptions() {
  const { i18n } = useTranslation();
  const countries = useCountries();
  const options = (countries.data ?? [])
    .map((c) => ({ value: c.code, label: countryLabel(c, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  return {
    options,
    loading: countries.isLoading,
    label: (code: string | null, fallback?: string | null) =>
      options.find((o) => o.value === code)?.label ?? fallback ?? '',
  };
}
