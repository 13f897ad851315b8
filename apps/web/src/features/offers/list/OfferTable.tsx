import '../offers.css';
import type { ReactNode } from 'react';
import { Table, Tag, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfferListItem } from '@portal/shared';
import { OfferStatusTag } from './OfferStatusTag';
import { VersionList } from './VersionList';
import { useCountryNames } from '../../countries/useCountries';
import { formatDay } from '../../../i18n/dates';
import { useOfferEditors } from '../editor/useOfferEditChannel';
import { slot, UserText, WithUserValues } from '../../../components/Bidi';
import { useNarrowScreen } from '../../layout/useNarrowScreen';

type OfferColumn =
  'name' | 'country' | 'status' | 'versions' | 'sectors' | 'updatedAt' | 'lastSubmittedAt' | 'origin' | 'countryActive';

interface Props {
  rows: OfferListItem[] | undefined;
  loading: boolean;
  columns: OfferColumn[];
  label: string;
  actions?: (offer: OfferListItem) => ReactNode;
  /** Rows expand to the version list. */
  withVersions?: boolean;
  emptyText?: string;
  /** Sorted by country until the user sorts; false keeps the order the server gave (the validation queue's). */
  byCountry?: boolean;
}

/** The offers lists' table: the chosen columns, sortable, with row actions and (optionally) each offer's versions. */
export function OfferTable({
  rows,
  loading,
  columns,
  label,
  actions,
  withVersions,
  emptyText,
  byCountry = true,
}: Props) {
  const { t, i18n } = useTranslation();
  const narrow = useNarrowScreen();
  const countryLabel = useCountryNames();
  const editors = useOfferEditors();
  const date = (iso: string | null) => (iso ? formatDay(iso, i18n.language) : '—');
  const all: Record<OfferColumn, TableColumnsType<OfferListItem>[number]> = {
    name: {
      title: t('offers.columns.name'),
      dataIndex: 'name',
      sorter: (a, b) => a.name.localeCompare(b.name),
      // Live (the spec's offer workflow): who has the offer open in the editor now.
      render: (name: string, r) => {
        const editor = editors.get(r.id);
        return (
          <>
            <UserText text={name} />
            {editor && (
              <Tag className="offer-being-edited" icon={<EditOutlined />}>
                <WithUserValues text={t('offers.beingEditedBy', { name: slot(0) })} values={[editor.name]} />
              </Tag>
            )}
          </>
        );
      },
    },
    country: {
      title: t('offers.columns.country'),
      dataIndex: 'countryName',
      render: (name: string, r) => countryLabel(r.countryCode, name),
      sorter: (a, b) =>
        countryLabel(a.countryCode, a.countryName).localeCompare(countryLabel(b.countryCode, b.countryName)),
      defaultSortOrder: byCountry ? 'ascend' : undefined,
    },
    status: {
      title: t('offers.columns.status'),
      dataIndex: 'status',
      render: (s: OfferListItem['status']) => <OfferStatusTag status={s} />,
      filters: (
        ['IN_PROGRESS', 'INITIAL_OFFER', 'REVISED_OFFER', 'RETURNED', 'COMMITMENT', 'FINAL_OFFER'] as const
      ).map((s) => ({ text: t(`offers.status.${s}`), value: s })),
      onFilter: (v, r) => r.status === v,
    },
    versions: { title: t('offers.columns.versions'), dataIndex: 'versions', align: 'end' },
    sectors: { title: t('offers.columns.sectors'), dataIndex: 'sectors', align: 'end' },
    updatedAt: {
      title: t('offers.columns.updatedAt'),
      dataIndex: 'updatedAt',
      render: date,
      sorter: (a, b) => a.updatedAt.localeCompare(b.updatedAt),
    },
    lastSubmittedAt: {
      title: t('offers.columns.lastSubmittedAt'),
      dataIndex: 'lastSubmittedAt',
      render: date,
      sorter: (a, b) => (a.lastSubmittedAt ?? '').localeCompare(b.lastSubmittedAt ?? ''),
    },
    origin: {
      title: t('offers.columns.origin'),
      dataIndex: 'regionCreated',
      render: (rc: boolean) => (rc ? t('offers.columns.bySecretariat') : t('offers.columns.byCountry')),
    },
    countryActive: {
      title: t('offers.columns.countryActive'),
      dataIndex: 'countryActive',
      render: (a: boolean) => (a ? t('offers.columns.active') : t('offers.columns.inactive')),
    },
  };
  const cols: TableColumnsType<OfferListItem> = columns.map((c) => ({ key: c, ...all[c] }));
  if (actions)
    cols.push({
      key: 'actions',
      title: t('offers.columns.actions'),
      className: 'offers-table-actions',
      render: (_: unknown, r) => actions(r),
    });
  return (
    <Table<OfferListItem>
      className="offers-table"
      rowKey="id"
      aria-label={label}
      loading={loading}
      dataSource={rows ?? []}
      columns={cols}
      // Every column in the window on a laptop: the table takes the page's width and its cells wrap (no column is
      // fixed over the others). Below the breakpoint it scrolls sideways inside its frame.
      scroll={narrow ? { x: 'max-content' } : undefined}
      tableLayout="auto"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: emptyText ?? t('offers.list.empty') }}
      expandable={
        withVersions
          ? { expandedRowRender: (r) => <VersionList offerId={r.id} />, rowExpandable: (r) => r.versions > 0 }
          : undefined
      }
    />
  );
}
