import { useState } from 'react';
import { Alert, Button, Space, Table } from 'antd';
import { DiffOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../../components/Bidi';
import type { OfferVersionSummary } from '@portal/shared';
import { ButtonLink } from '../../../components/ButtonLink';
import { ExportMenu } from '../../documents/ExportMenu';
import { OfferStatusTag } from './OfferStatusTag';
import { OfferViewerModal } from '../view/OfferViewerModal';
import { offerErrorText } from '../errors';
import { useOfferVersions } from '../queries';
import { formatDateTime } from '../../../i18n/dates';

/**
 * The submitted versions of an offer, newest first, each viewable read-only and downloadable (PDF, Word, Excel of that
 * version); a sent-back version shows the comment.
 */
export function VersionList({ offerId }: { offerId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError, error } = useOfferVersions(offerId);
  const [viewing, setViewing] = useState<number | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  if (isError) return <Alert type="error" showIcon title={offerErrorText(error, t)} />;
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');
  const comparable = (data?.length ?? 0) >= 2;
  const [from, to] = [...picked].sort((a, b) => a - b);
  return (
    <>
      {comparable && (
        <div
          className="version-list-compare"
          style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, marginBlockEnd: 8 }}
        >
          <span>{t('versions.list.pickTwo')}</span>
          {picked.length === 2 ? (
            <ButtonLink
              size="small"
              type="primary"
              icon={<DiffOutlined />}
              to={`/compare-versions/${offerId}?from=${from}&to=${to}`}
            >
              {t('versions.list.compare', { from, to })}
            </ButtonLink>
          ) : (
            <Button size="small" icon={<DiffOutlined />} disabled>
              {t('versions.list.compareDisabled')}
            </Button>
          )}
        </div>
      )}
      <Table<OfferVersionSummary>
        size="small"
        rowKey="id"
        loading={isLoading}
        aria-label={t('offers.versions.title')}
        dataSource={[...(data ?? [])].sort((a, b) => b.number - a.number)}
        pagination={false}
        rowSelection={
          comparable
            ? {
                selectedRowKeys: data!.filter((v) => picked.includes(v.number)).map((v) => v.id),
                hideSelectAll: true,
                columnTitle: <span className="visually-hidden">{t('versions.list.pickColumn')}</span>,
                onSelect: (v, selected) =>
                  setPicked((p) => (selected ? [...p, v.number].slice(-2) : p.filter((n) => n !== v.number))),
                getCheckboxProps: (v) => ({
                  'aria-label': t('versions.list.pick', { number: v.number }),
                }),
              }
            : undefined
        }
        locale={{ emptyText: t('offers.versions.none') }}
        columns={[
          {
            title: t('offers.versions.version'),
            dataIndex: 'number',
            render: (n: number) => t('offers.versions.number', { number: n }),
          },
          {
            title: t('offers.columns.status'),
            dataIndex: 'status',
            render: (s: OfferVersionSummary['status']) => <OfferStatusTag status={s} />,
          },
          { title: t('offers.versions.submittedAt'), dataIndex: 'createdAt', render: date },
          {
            title: t('offers.versions.author'),
            dataIndex: 'authorName',
            render: (name: string | null) => (name ? <UserText text={name} /> : ''),
          },
          { title: t('offers.versions.decidedAt'), dataIndex: 'decidedAt', render: date },
          {
            title: t('offers.versions.comment'),
            dataIndex: 'comment',
            render: (c: string | null) => (c ? <UserText text={c} /> : ''),
          },
          {
            title: t('offers.columns.actions'),
            key: 'view',
            render: (_: unknown, v) => (
              <Space>
                <Button size="small" onClick={() => setViewing(v.number)}>
                  {t('offers.actions.view')}
                </Button>
                <ExportMenu
                  size="small"
                  source={{ kind: 'offer', offerId, version: v.number }}
                  subject={t('offers.versions.number', { number: v.number })}
                />
              </Space>
            ),
          },
        ]}
      />
      {viewing !== null && <OfferViewerModal offerId={offerId} version={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
