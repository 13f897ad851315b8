import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RequestSummary } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { UserText } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';
import { RequestStatusTag } from './RequestStatusTag';
import { formatDay } from '../../i18n/dates';

/** Whose requests a table lists: sent by one's country, received by it, or (the secretariat) all of the bloc. */
type Side = 'sent' | 'received' | 'all';

/** The date a request is dated by: when it was sent, or last saved while a draft. */
export const requestDate = (r: RequestSummary) => r.sentAt ?? r.updatedAt;

/** A list of requests: the other country (in the interface language), offer, status, date, sectors asked. */
export function RequestTable({
  rows,
  side,
  label,
  loading,
}: {
  rows: RequestSummary[] | undefined;
  side: Side;
  label: string;
  loading: boolean;
}) {
  const { t, i18n } = useTranslation();
  const countryLabel = useCountryNames();
  const requested = (r: RequestSummary) => countryLabel(r.requestedCountryCode, r.requestedCountryName);
  const requesting = (r: RequestSummary) => countryLabel(r.requestingCountryCode, r.requestingCountryName);
  const countryColumns: TableColumnsType<RequestSummary> = [];
  if (side !== 'sent')
    countryColumns.push({
      key: 'from',
      title: t('requests.columns.from'),
      render: (_: unknown, r) => requesting(r),
      sorter: (a, b) => requesting(a).localeCompare(requesting(b)),
    });
  if (side !== 'received')
    countryColumns.push({
      key: 'to',
      title: t('requests.columns.to'),
      render: (_: unknown, r) => requested(r),
      sorter: (a, b) => requested(a).localeCompare(requested(b)),
    });
  const columns: TableColumnsType<RequestSummary> = [
    ...countryColumns,
    { key: 'offer', title: t('requests.columns.offer'), render: (_: unknown, r) => <UserText text={r.offerName} /> },
    {
      key: 'status',
      title: t('requests.columns.status'),
      dataIndex: 'status',
      render: (s: RequestSummary['status']) => <RequestStatusTag status={s} />,
      filters: (['DRAFT', 'SENT', 'ANSWERED', 'WITHDRAWN'] as const).map((s) => ({
        text: t(`requests.status.${s}`),
        value: s,
      })),
      onFilter: (v, r) => r.status === v,
    },
    {
      key: 'date',
      title: t('requests.columns.date'),
      render: (_: unknown, r) => formatDay(requestDate(r), i18n.language),
      sorter: (a, b) => requestDate(a).localeCompare(requestDate(b)),
      defaultSortOrder: 'descend',
    },
    { key: 'sectors', title: t('requests.columns.sectors'), dataIndex: 'sectorCount', align: 'end' },
    {
      key: 'actions',
      title: t('requests.columns.actions'),
      render: (_: unknown, r) => (
        <ButtonLink
          size="small"
          to={`/request-offer/${r.offerId}/${r.id}`}
          aria-label={`${t('requests.actions.open')}: ${side === 'sent' ? requested(r) : requesting(r)}`}
        >
          {t('requests.actions.open')}
        </ButtonLink>
      ),
    },
  ];
  return (
    <Table<RequestSummary>
      rowKey="id"
      aria-label={label}
      loading={loading}
      dataSource={rows ?? []}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: t('requests.list.empty') }}
    />
  );
}
