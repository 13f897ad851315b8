import { Alert, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GatsRow } from '@portal/shared';
import { Code, UserText } from '../../components/Bidi';

const MODES = ['1', '2', '3', '4'] as const;
const userText = (text: string | null) => <UserText text={text} />;

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
    // A code reads left to right in every script ("1.A.a", never "A.a.1" in Arabic); the texts are the member's own,
    // each in its own direction.
    {
      title: t('gats.sectorCode'),
      dataIndex: 'SectorCode',
      key: 'SectorCode',
      width: 90,
      render: (code: string) => <Code>{code}</Code>,
    },
    { title: t('gats.sectorName'), dataIndex: 'SectorName', key: 'SectorName', width: 180, render: userText },
    { title: t('gats.sectorText'), dataIndex: 'SectorText', key: 'SectorText', width: 260, render: userText },
    {
      title: t('gats.marketAccess'),
      children: MODES.map((m) => ({
        title: `MA${m}`,
        dataIndex: `MA${m}`,
        key: `MA${m}`,
        width: 150,
        render: userText,
      })),
    },
    {
      title: t('gats.nationalTreatment'),
      children: MODES.map((m) => ({
        title: `NT${m}`,
        dataIndex: `NT${m}`,
        key: `NT${m}`,
        width: 150,
        render: userText,
      })),
    },
  ];
  return (
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
  );
}
