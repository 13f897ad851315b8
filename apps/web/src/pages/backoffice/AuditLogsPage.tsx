import { useState } from 'react';
import { Input, Select } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { BACKOFFICE_PAGE_SIZE, PagedBackofficeTable } from '../../features/backoffice/BackofficeTable';
import { backofficeApi, backofficeKeys } from '../../features/backoffice/api';
import { AUDIT_ACTIONS, isAuditAction, type AuditLog } from '@portal/shared';
import { locationText } from '../../features/backoffice/location';
import { useDebounced } from '../../features/backoffice/useDebounced';
import { ExportButtons } from '../../features/backoffice/ExportButtons';
import { AuditDetails } from '../../features/backoffice/AuditDetails';
import { formatDateTime } from '../../i18n/dates';
import { useNarrowScreen } from '../../features/layout/useNarrowScreen';
import '../../features/backoffice/backoffice.css';
import { useListPage } from '../../features/backoffice/useListPage';

/** /backoffice/audit-logs — the audit trail, newest first, filtered by action and by user, a page at a time. */
export default function AuditLogsPage() {
  const { t, i18n } = useTranslation();
  const narrow = useNarrowScreen();
  const { page, paging, resetting } = useListPage();
  const [action, setAction] = useState<string | undefined>();
  const [user, setUser] = useState('');
  const filterUser = resetting(setUser);
  const debouncedUser = useDebounced(user.trim());
  const query = { page, size: BACKOFFICE_PAGE_SIZE, action, user: debouncedUser || undefined };
  const logs = useQuery({
    queryKey: backofficeKeys.auditLogs(query),
    queryFn: ({ signal }) => backofficeApi.auditLogs(query, signal),
    placeholderData: keepPreviousData,
  });
  const actionLabel = (a: string) => (isAuditAction(a) ? t(`backoffice.audit.actions.${a}`) : a);
  const when = (iso: string) => formatDateTime(iso, i18n.language);

  return (
    <>
      <PageTitle>{t('routes.boAuditLogs')}</PageTitle>
      <p className="bo-intro">{t('backoffice.audit.intro')}</p>
      <div className="bo-toolbar" role="search">
        <Select
          className="bo-filter"
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('backoffice.audit.filterAction')}
          placeholder={t('backoffice.audit.allActions')}
          value={action}
          onChange={resetting(setAction)}
          options={AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }))}
        />
        <Input.Search
          allowClear
          aria-label={t('backoffice.audit.filterUser')}
          placeholder={t('backoffice.audit.filterUser')}
          value={user}
          onChange={(e) => filterUser(e.target.value)}
        />
        <div className="bo-toolbar-end">
          <ExportButtons
            path="/account-ms/logs/export"
            filters={{ action, user: debouncedUser || undefined }}
            fileName="audit-logs"
          />
        </div>
      </div>
      <PagedBackofficeTable<AuditLog>
        className="bo-audit-table"
        rowKey="id"
        aria-label={t('backoffice.audit.table')}
        of={logs}
        // Every column in the window on a laptop, the details wrapped in theirs; sideways in its frame on a phone.
        scroll={narrow ? { x: 'max-content' } : undefined}
        tableLayout="auto"
        emptyText={t('backoffice.common.empty')}
        {...paging}
        columns={[
          {
            key: 'when',
            title: t('backoffice.audit.columns.when'),
            dataIndex: 'createdAt',
            className: 'bo-audit-when',
            render: when,
          },
          { key: 'action', title: t('backoffice.audit.columns.action'), dataIndex: 'action', render: actionLabel },
          {
            key: 'user',
            title: t('backoffice.audit.columns.user'),
            dataIndex: 'logUser',
            render: (v: string | null) => <span dir="ltr">{v ?? '—'}</span>,
          },
          {
            key: 'target',
            title: t('backoffice.audit.columns.target'),
            dataIndex: 'targetUser',
            render: (v: string | null) => <span dir="ltr">{v ?? '—'}</span>,
          },
          {
            key: 'value',
            title: t('backoffice.audit.columns.value'),
            render: (_, r) => <AuditDetails row={r} />,
          },
          {
            key: 'client',
            title: t('backoffice.audit.columns.client'),
            dataIndex: 'clientName',
            render: (v: string | null) => v ?? '—',
          },
          {
            key: 'where',
            title: t('backoffice.audit.columns.where'),
            render: (_, r) => [locationText(r.geolocation, i18n.language, t), r.ip].filter(Boolean).join(' · ') || '—',
          },
        ]}
      />
    </>
  );
}
