import { useState } from 'react';
import { App, Switch, Table, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Country } from '@portal/shared';
import { BackofficeErrorAlert } from '../../features/backoffice/BackofficeErrorAlert';
import { BackofficeListHead } from '../../features/backoffice/BackofficeListHead';
import { countriesApi } from '../../features/countries/api';
import { backofficeErrorText } from '../../features/backoffice/messages';
import { useCountries } from '../../features/countries/useCountries';
import { countryLabel } from '../../features/countries/label';
import '../../features/backoffice/backoffice.css';

/** /backoffice/country-management — the member states with an active switch; deactivating signs the country's users out. */
export default function CountryManagementPage() {
  const { t, i18n } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const countries = useCountries();
  const [search, setSearch] = useState('');
  const name = (c: Country) => countryLabel(c, i18n.language);
  const needle = search.trim().toLocaleLowerCase(i18n.language);
  const rows = (countries.data ?? [])
    .filter(
      (c) =>
        !needle || [name(c), c.name, c.code, c.alpha3].some((s) => s.toLocaleLowerCase(i18n.language).includes(needle)),
    )
    .sort((a, b) => name(a).localeCompare(name(b), i18n.language));
  const activeCount = (countries.data ?? []).filter((c) => c.active).length;

  const setActive = useMutation({
    mutationFn: ({ country, active }: { country: Country; active: boolean }) =>
      countriesApi.setActive(country.id, active),
    onSuccess: (_, { country, active }) => {
      void message.success(
        active
          ? t('backoffice.countries.activated', { country: name(country) })
          : t('backoffice.countries.deactivated', { country: name(country) }),
      );
      void queryClient.invalidateQueries({ queryKey: ['countries'] });
    },
    onError: (error) => void message.error(backofficeErrorText(error, t)),
  });

  const confirm = (country: Country, active: boolean) =>
    modal.confirm({
      title: active
        ? t('backoffice.countries.activateTitle', { country: name(country) })
        : t('backoffice.countries.deactivateTitle', { country: name(country) }),
      content: active ? t('backoffice.countries.activateText') : t('backoffice.countries.deactivateText'),
      okText: active ? t('backoffice.countries.activate') : t('backoffice.countries.deactivate'),
      okButtonProps: { danger: !active },
      cancelText: t('backoffice.common.cancel'),
      onOk: () => setActive.mutateAsync({ country, active }).catch(() => undefined),
    });

  return (
    <>
      <BackofficeListHead
        title={t('routes.boCountryManagement')}
        intro={t('backoffice.countries.intro', { active: activeCount, total: countries.data?.length ?? 0 })}
        searchLabel={t('backoffice.countries.search')}
        search={search}
        onSearch={setSearch}
      />
      <BackofficeErrorAlert of={countries} />
      <Table<Country>
        rowKey="id"
        size="small"
        aria-label={t('backoffice.countries.table')}
        loading={countries.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('backoffice.common.empty') }}
        columns={[
          { key: 'name', title: t('backoffice.countries.columns.name'), render: (_, c) => name(c) },
          {
            key: 'code',
            title: t('backoffice.countries.columns.code'),
            render: (_, c) => <span dir="ltr">{`${c.code} · ${c.alpha3}`}</span>,
          },
          {
            key: 'status',
            title: t('backoffice.countries.columns.status'),
            render: (_, c) => (
              <Tag color={c.active ? 'green' : 'default'}>
                {c.active ? t('backoffice.countries.active') : t('backoffice.countries.inactive')}
              </Tag>
            ),
          },
          {
            key: 'switch',
            title: t('backoffice.countries.columns.active'),
            render: (_, c) => (
              <Switch
                checked={c.active}
                aria-label={t('backoffice.countries.switchLabel', { country: name(c) })}
                loading={setActive.isPending && setActive.variables?.country.id === c.id}
                onChange={(checked) => confirm(c, checked)}
              />
            ),
          },
        ]}
      />
    </>
  );
}
