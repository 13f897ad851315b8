import { Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLES, USER_STATUSES, type Role } from '@portal/shared';
import { PageTitle } from '../../components/PageTitle';
import { BackofficeErrorAlert } from '../../features/backoffice/BackofficeErrorAlert';
import { backofficeApi, backofficeKeys } from '../../features/backoffice/api';
import { BarChart } from '../../features/backoffice/BarChart';
import { useCountryOptions } from '../../features/backoffice/useCountryOptions';
import { roleLabel } from '../../features/session/roleLabel';
import { useRegionName } from '../../features/session/useRegionName';
import '../../features/backoffice/backoffice.css';

/** /backoffice/user-dashboard — how many users, by role, status and country, and sign-ins in the last 30 days. */
export default function UserDashboardPage() {
  const { t, i18n } = useTranslation();
  const regionName = useRegionName();
  const countries = useCountryOptions();
  const dashboard = useQuery({
    queryKey: backofficeKeys.dashboard(),
    queryFn: ({ signal }) => backofficeApi.dashboard(signal),
  });
  const number = new Intl.NumberFormat(i18n.language);
  const d = dashboard.data;

  return (
    <>
      <PageTitle>{t('routes.boUserDashboard')}</PageTitle>
      <BackofficeErrorAlert of={dashboard} />
      {dashboard.isLoading && <Spin />}
      {d && (
        <>
          <section className="bo-figures" aria-label={t('backoffice.dashboard.figures')}>
            {[
              { key: 'total', value: d.total, label: t('backoffice.dashboard.total') },
              { key: 'active', value: d.byStatus.ACTIVE ?? 0, label: t('backoffice.dashboard.active') },
              { key: 'pending', value: d.byStatus.PENDING ?? 0, label: t('backoffice.dashboard.pending') },
              { key: 'signIns', value: d.signInsLast30Days, label: t('backoffice.dashboard.signIns') },
            ].map((f) => (
              <div key={f.key} className="bo-figure">
                <span className="bo-figure-value">{number.format(f.value)}</span>
                <span className="bo-figure-label">{f.label}</span>
              </div>
            ))}
          </section>
          <div className="bo-charts">
            <BarChart
              title={t('backoffice.dashboard.byRole')}
              emptyText={t('backoffice.common.empty')}
              bars={ROLES.flatMap((r: Role) => {
                const value = d.byRole[r];
                return value ? [{ key: r, label: roleLabel(r, t, regionName, i18n.language), value }] : [];
              })}
            />
            <BarChart
              title={t('backoffice.dashboard.byStatus')}
              colour="#52c41a"
              emptyText={t('backoffice.common.empty')}
              bars={USER_STATUSES.flatMap((s) => {
                const value = d.byStatus[s];
                return value ? [{ key: s, label: t(`backoffice.users.status.${s}`), value }] : [];
              })}
            />
            <BarChart
              title={t('backoffice.dashboard.byCountry')}
              colour="#ff9800"
              emptyText={t('backoffice.common.empty')}
              bars={d.byCountry
                .map((c) => ({
                  key: c.countryCode,
                  label: countries.label(c.countryCode, c.countryName),
                  value: c.users,
                }))
                .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label, i18n.language))}
            />
          </div>
        </>
      )}
    </>
  );
}
