import { useState } from 'react';
import { App, Button, Card, Flex, Input, Select, Table, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { downloadGatsWorkbook, useGatsList, useGatsMembers } from '../../features/gats/api';
import { GatsTable } from '../../features/gats/GatsTable';
import { ViewGatsButton } from '../../features/gats/ViewGatsModal';
import { GatsImportButton } from '../../features/gats/GatsImportButton';
import { useSession } from '../../features/session/useSession';
import { useSectorGroups } from '../../features/sectors/useSectorTree';
import { isStaff, type GatsMember } from '@portal/shared';

const PAGE_SIZE = 20;

/** /gats — GATS commitments of WTO members: by member (each with its page), by sector and words, with export. */
export default function GatsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { profile } = useSession();
  const staff = isStaff(profile?.role);
  const members = useGatsMembers();
  const groups = useSectorGroups();
  const [member, setMember] = useState<string | undefined>();
  const [sector, setSector] = useState<string | undefined>();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useGatsList({ member, sector, q: q || undefined, page, size: PAGE_SIZE });
  const label = new Map((groups.data ?? []).map((g) => [g.prefix, g.label]));

  const exportRows = () =>
    downloadGatsWorkbook({ services: sector ? [sector] : [], countries: member ? [member] : [] }).catch(
      () => void message.error(t('gats.exportFailed')),
    );

  return (
    <>
      <PageTitle>{t('gats.title')}</PageTitle>
      <p>{t('gats.browseHint')}</p>
      <Flex gap="small" wrap>
        <ViewGatsButton />
        {staff && <GatsImportButton />}
      </Flex>
      <Card className="gats-members" title={<h2 className="card-title">{t('gats.members')}</h2>}>
        <Table<GatsMember>
          size="small"
          rowKey="id"
          loading={members.isLoading}
          dataSource={members.data ?? []}
          pagination={false}
          columns={[
            {
              title: t('gats.member'),
              dataIndex: 'member',
              render: (name: string, m) => <Link to={`/gats/${m.id}`}>{name}</Link>,
            },
            { title: t('gats.count'), dataIndex: 'count', width: 140 },
            {
              title: t('sectors.groups'),
              dataIndex: 'sectors',
              render: (sectors: string[]) => sectors.map((s) => <Tag key={s}>{`${s} ${label.get(s) ?? ''}`}</Tag>),
            },
          ]}
        />
      </Card>
      <Card title={<h2 className="card-title">{t('gats.sector')}</h2>}>
        <Flex gap="small" wrap className="gats-browse-filters">
          <Select
            allowClear
            aria-label={t('gats.member')}
            placeholder={t('gats.allMembers')}
            style={{ minWidth: 220 }}
            value={member}
            onChange={(v) => (setMember(v), setPage(1))}
            options={(members.data ?? []).map((m) => ({ value: m.member, label: m.member }))}
          />
          <Select
            allowClear
            aria-label={t('gats.sector')}
            placeholder={t('gats.anySector')}
            style={{ minWidth: 220 }}
            value={sector}
            onChange={(v) => (setSector(v), setPage(1))}
            options={(groups.data ?? []).map((g) => ({ value: g.prefix, label: `${g.prefix} ${g.label}` }))}
          />
          <Input.Search
            allowClear
            aria-label={t('gats.search')}
            placeholder={t('gats.search')}
            style={{ maxInlineSize: 320 }}
            onSearch={(v) => (setQ(v.trim()), setPage(1))}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void exportRows()}>
            {t('gats.export')}
          </Button>
        </Flex>
        <GatsTable
          rows={list.data?.items ?? []}
          loading={list.isFetching}
          failed={list.isError}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: list.data?.total ?? 0,
            onChange: setPage,
            showSizeChanger: false,
          }}
        />
      </Card>
    </>
  );
}
