import { useState } from 'react';
import { Alert, Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OfferVersionSummary } from '@portal/shared';
import { OfferStatusTag } from './OfferStatusTag';
import { OfferViewerModal } from './OfferViewerModal';
import { offerErrorText } from './errors';
import { useOfferVersions } from './queries';

/** The submitted versions of an offer, newest first, each viewable read-only; a sent-back version shows the comment. */
export function VersionList({ offerId }: { offerId: string }) {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError, error } = useOfferVersions(offerId);
  const [viewing, setViewing] = useState<number | null>(null);
  if (isError) return <Alert type="error" showIcon title={offerErrorText(error, t)} />;
  const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString(i18n.language) : '—');
  return (
    <>
      <Table<OfferVersionSummary>
        size="small"
        rowKey="id"
        loading={isLoading}
        aria-label={t('offers.versions.title')}
        dataSource={[...(data ?? [])].sort((a, b) => b.number - a.number)}
        pagination={false}
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
          { title: t('offers.versions.author'), dataIndex: 'authorName' },
          { title: t('offers.versions.decidedAt'), dataIndex: 'decidedAt', render: date },
          { title: t('offers.versions.comment'), dataIndex: 'comment', render: (c: string | null) => c ?? '' },
          {
            title: t('offers.columns.actions'),
            key: 'view',
            render: (_: unknown, v) => (
              <Button size="small" onClick={() => setViewing(v.number)}>
                {t('offers.actions.view')}
              </Button>
            ),
          },
        ]}
      />
      {viewing !== null && <OfferViewerModal offerId={offerId} version={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
