import { Alert, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isIllustrativeGatsSource, type GatsRow } from '@portal/shared';
import { Code, UserText } from '../../components/Bidi';
import { useNarrowScreen } from '../layout/useNarrowScreen';
import './gats.css';

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
  const narrow = useNarrowScreen();
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
    // The four modes of each kind in one column, each named (MA1 … MA4): twelve columns of text did not fit a
    // laptop's window, which showed MA1–MA2 and hid the rest to the side.
    { title: t('gats.marketAccess'), key: 'MA', render: (_, row) => <Modes row={row} kind="MA" /> },
    { title: t('gats.nationalTreatment'), key: 'NT', render: (_, row) => <Modes row={row} kind="NT" /> },
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
        scroll={narrow ? { x: 1100 } : undefined}
        tableLayout="auto"
        pagination={pagination ?? { pageSize: 20, showSizeChanger: false }}
      />
    </>
  );
}

/** A row's four modes of one kind, each under its name (MA1 … MA4, NT1 … NT4); an empty mode is left out. */
function Modes({ row, kind }: { row: GatsRow; kind: 'MA' | 'NT' }) {
  const modes = MODES.map((m) => [`${kind}${m}`, row[`${kind}${m}`]] as const).filter(([, text]) => text);
  if (modes.length === 0) return '—';
  return (
    <dl className="gats-modes">
      {modes.map(([name, text]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>
            <UserText text={text} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
