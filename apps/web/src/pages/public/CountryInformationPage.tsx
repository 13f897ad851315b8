import { useMemo } from 'react';
import { Card, Empty, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useCmsByType } from '../../features/cms/api';
import { ContentEntry } from '../../features/cms/ContentEntry';
import { CountryBadge } from '../../features/cms/CountryBadge';
import { useCountries } from '../../features/countries/useCountries';
import { countryLabel } from '../../features/countries/label';
import '../../features/cms/cms.css';

/** /country-information — what the secretariat publishes on each member state; the chosen country is kept in ?country=. */
export default function CountryInformationPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data: countries } = useCountries();
  const { data: entries, isLoading } = useCmsByType('COUNTRY_INFORMATION');
  const withInformation = useMemo(() => new Set((entries ?? []).map((e) => e.countryCode)), [entries]);
  const options = (countries ?? [])
    .map((c) => ({ value: c.code, label: countryLabel(c, i18n.language), has: withInformation.has(c.code) }))
    .sort((a, b) => Number(b.has) - Number(a.has) || a.label.localeCompare(b.label, i18n.language));
  const chosen = params.get('country') ?? options.find((o) => o.has)?.value ?? null;
  const shown = (entries ?? []).filter((e) => e.countryCode === chosen);
  const chosenName = options.find((o) => o.value === chosen)?.label;

  return (
    <>
      <PageTitle>{t('routes.countryInformation')}</PageTitle>
      <p className="public-intro">{t('home.countryIntro')}</p>
      <Select
        className="country-picker"
        showSearch={{ optionFilterProp: 'label' }}
        aria-label={t('home.countryPick')}
        placeholder={t('home.countryPick')}
        value={chosen ?? undefined}
        options={options.map((o) => ({ value: o.value, label: o.label }))}
        optionRender={(o) => (
          <span className="country-option">
            <CountryBadge code={String(o.value)} /> {o.label}
          </span>
        )}
        onChange={(code: string) => setParams({ country: code }, { replace: true })}
      />
      {isLoading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty description={t('home.countryEmpty')} />
      ) : (
        <section aria-label={chosenName}>
          <ul className="content-list">
            {shown.map((entry) => (
              <li key={entry.id}>
                <Card className="content-card">
                  <ContentEntry entry={entry} heading="h2" />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
