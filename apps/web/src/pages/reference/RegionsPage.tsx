import { useDeferredValue, useMemo, useState } from 'react';
import { Alert, Card, Empty, Input, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { Flag } from '../../features/chat/people';
import { groupByRegion } from '../../features/reference/regions';
import { useCountries, useRegions } from '../../features/countries/useCountries';
import '../../features/reference/reference.css';

/** /regions — the bloc's regions and their member states (GET /regions, GET /countries), searchable. */
export default function RegionsPage() {
  const { t, i18n } = useTranslation();
  const regions = useRegions();
  const countries = useCountries();
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const groups = useMemo(
    () => groupByRegion(regions.data ?? [], countries.data ?? [], i18n.language, query, t('regionsPage.noRegion')),
    [regions.data, countries.data, i18n.language, query, t],
  );

  let body;
  if (regions.isLoading || countries.isLoading) body = <Spin />;
  else if (regions.isError || countries.isError)
    body = <Alert type="error" showIcon role="alert" title={t('regionsPage.loadFailed')} />;
  else if (groups.length === 0) body = <Empty description={t('regionsPage.noMatch')} />;
  else
    body = (
      <div className="regions-grid">
        {groups.map((g) => (
          <Card
            key={g.region?.id ?? 'none'}
            size="small"
            title={<h2 className="region-title">{g.title}</h2>}
            extra={<Tag>{t('regionsPage.members', { count: g.members.length })}</Tag>}
          >
            <ul className="regions-members">
              {g.members.map(({ country, name }) => (
                <li key={country.code}>
                  <Flag code={country.code} size={22} />
                  <span>{name}</span>
                  {!country.active && <Tag color="default">{t('regionsPage.inactive')}</Tag>}
                  <span className="member-code" dir="ltr">
                    {country.code}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </div>
    );

  return (
    <>
      <PageTitle>{t('routes.regions')}</PageTitle>
      <p>{t('regionsPage.intro')}</p>
      <Input.Search
        className="regions-search"
        allowClear
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={t('regionsPage.search')}
        aria-label={t('regionsPage.search')}
      />
      {body}
    </>
  );
}
