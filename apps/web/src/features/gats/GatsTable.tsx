import { Alert, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isIllustrativeGatsSource, type GatsRow } from '@portal/shared';

const MODES = ['1', '2', '3', '4'] as const;

/**
 * The commitments table of View GATS and of the /gats pages: Member, SectorCode, SectorName, SectorText, MA1–4,
 * NT1–4. 'No records' when empty; 'Error there is no data' when the look-up failed (the spec's message catalogue).
 */
export function GatsTable({
  rows,
  loading,
  failed,
  pagination,
  hideMember = false,
}: {
  rows: GatsRow[];
  loading?: boolean;
  failed?: boolean;
  pagination?: TableProps<GatsRow>['pagination'];
  hideMember?: boolean;
}) {
  const { t } = useTranslation();
  if (failed) return <Alert type="error" showIcon title={t('sectors.messages.gatsNoData')} />;
  const columns: TableProps<GatsRow>['columns'] = [
    ...(hideMember
      ? []
      : [{ title: t('gats.member'), dataIndex: 'Member', key: 'Member', fixed: 'start' as const, width: 150 }]),
    { title: t('gats.sectorCode'), dataIndex: 'SectorCode', key: 'SectorCode', width: 90 },
    { title: t('gats.sectorName'), dataIndex: 'SectorName', key: 'SectorName', width: 180 },
    { title: t('gats.sectorText'), dataIndex: 'SectorText', key: 'SectorText', width: 260 },
    {
      title: t('gats.marketAccess'),
      children: MODES.map((m) => ({ title: `MA${m}`, dataIndex: `MA${m}`, key: `MA${m}`, width: 150 })),
    },
    {
      title: t('gats.nationalTreatment'),
      children: MODES.map((m) => ({ title: `NT${m}`, dataIndex: `NT${m}`, key: `NT${m}`, width: 150 })),
    },
  ];
  // The demo set is written in the wording of GATS schedules but is no WTO text: said on screen wherever it shows.
  const illustrative = rows.some((r) => isIllustrativeGatsSource(r.Source));
  return (
    <>
      {illustrative && <Alert className="gats-illustrative" type="info" showIcon title={t('gats.illustrative')} />}
      <Table<GatsRow>
        className="gats-table"
        size="small"
        bordered
        rowKey="id"
        loading={loading}
        dataSource={rows}
        columns={columns}
        locale={{ emptyText: t('sectors.messages.gatsNoRecords') }}
        scroll={{ x: 1900 }}
        pagination={pagination ?? { pageSize: 20, showSizeChanger: false }}
      />
    </>
  );
}
