import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../countries/useCountries';
import { countryLabel } from '../countries/label';

interface Props {
  value?: string;
  /** What no choice means on this view (the whole bloc, or "choose a country"). */
  placeholder: string;
  onChange: (code?: string) => void;
}

/** The coverage views' country filter: the member states by name in the interface language, searchable, clearable. */
export function CountryFilter({ value, placeholder, onChange }: Props) {
  const { t, i18n } = useTranslation();
  const countries = useCountries();
  return (
    <div className="coverage-filter">
      <span aria-hidden="true">{t('coverage.country')}</span>
      <Select
        aria-label={t('coverage.country')}
        showSearch
        allowClear
        optionFilterProp="label"
        className="coverage-select"
        placeholder={placeholder}
        value={value}
        onChange={(v?: string) => onChange(v)}
        options={(countries.data ?? []).map((c) => ({ value: c.code, label: countryLabel(c, i18n.language) }))}
      />
    </div>
  );
}
