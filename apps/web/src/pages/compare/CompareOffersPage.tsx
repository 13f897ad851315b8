import { useState } from 'react';
import { Button, Select, Spin } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { COMPARE_MAX_COUNTRIES } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { BackofficeErrorAlert } from '../../features/backoffice/BackofficeErrorAlert';
import { compareApi, compareKeys } from '../../features/compare/api';
import { CompareView } from '../../features/compare/CompareView';
import { countryLabel } from '../../features/countries/label';
import '../../features/compare/compare.css';

/** /compare-offers — choose up to 4 countries with conditional offers, press Compare, read them side by side. */
export default function CompareOffersPage() {
  const { t, i18n } = useTranslation();
  const [chosen, setChosen] = useState<string[]>([]);
  const [compared, setCompared] = useState<string[]>([]);
  const countries = useQuery({
    queryKey: compareKeys.countries(),
    queryFn: ({ signal }) => compareApi.countries(signal),
  });
  const offers = useQuery({
    queryKey: compareKeys.offers(compared),
    queryFn: () => compareApi.offers(compared),
    enabled: compared.length > 0,
  });
  const options = (countries.data ?? [])
    .map((c) => ({ value: c.code, label: countryLabel(c, i18n.language) }))
    .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  const full = chosen.length >= COMPARE_MAX_COUNTRIES;

  return (
    <>
      <PageTitle>{t('routes.compareOffers')}</PageTitle>
      <p className="compare-intro">{t('compare.intro', { max: COMPARE_MAX_COUNTRIES })}</p>
      <div className="compare-picker">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          aria-label={t('compare.countries')}
          placeholder={t('compare.countriesPlaceholder')}
          loading={countries.isLoading}
          value={chosen}
          onChange={(codes: string[]) => setChosen(codes.slice(0, COMPARE_MAX_COUNTRIES))}
          maxCount={COMPARE_MAX_COUNTRIES}
          options={options}
          notFoundContent={countries.isLoading ? <Spin size="small" /> : t('compare.noCountries')}
        />
        <Button
          type="primary"
          icon={<SwapOutlined />}
          disabled={chosen.length === 0}
          onClick={() => setCompared(chosen)}
        >
          {t('compare.compare')}
        </Button>
      </div>
      {full && (
        <p className="compare-limit" role="status">
          {t('compare.limit', { max: COMPARE_MAX_COUNTRIES })}
        </p>
      )}
      <BackofficeErrorAlert of={countries} />
      <BackofficeErrorAlert of={offers} />
      {offers.isFetching && <Spin />}
      {offers.data && !offers.isFetching && <CompareView offers={offers.data} />}
    </>
  );
}
