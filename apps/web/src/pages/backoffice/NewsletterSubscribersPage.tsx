import { useMemo, useState } from 'react';
import { Button, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NewsletterSubscriber } from '@portal/shared';
import { BackofficeErrorAlert } from '../../features/backoffice/BackofficeErrorAlert';
import { BackofficeTable, emailColumn } from '../../features/backoffice/BackofficeTable';
import { BackofficeListHead } from '../../features/backoffice/BackofficeListHead';
import { backofficeApi, backofficeKeys } from '../../features/backoffice/api';
import {
  downloadCsv,
  filterSubscribers,
  subscribersCsv,
  type SubscriberStatus,
} from '../../features/backoffice/newsletterSubscribers';
import '../../features/backoffice/backoffice.css';
import { useListPage } from '../../features/backoffice/useListPage';
import { formatDay } from '../../i18n/dates';

const STATUSES: SubscriberStatus[] = ['all', 'confirmed', 'waiting'];

/**
 * /backoffice/newsletter — the newsletter's subscribers, newest first: search by address, filter by confirmation,
 * and export what the search shows as CSV.
 */
export default function NewsletterSubscribersPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<SubscriberStatus>('all');
  const { paging, resetting } = useListPage();
  const subscribers = useQuery({
    queryKey: backofficeKeys.newsletter(),
    queryFn: ({ signal }) => backofficeApi.newsletterSubscribers(signal),
  });
  const shown = useMemo(
    () => filterSubscribers([...(subscribers.data ?? [])].reverse(), { search, status }),
    [subscribers.data, search, status],
  );
  const day = (iso: string) => formatDay(iso, i18n.language);
  const exportCsv = () =>
    downloadCsv(subscribersCsv(shown, t), `newsletter-subscribers-${new Date().toISOString().slice(0, 10)}.csv`);

  return (
    <>
      <BackofficeListHead
        title={t('routes.boNewsletter')}
        intro={t('backofficeNewsletter.intro')}
        searchLabel={t('backofficeNewsletter.search')}
        search={search}
        onSearch={resetting(setSearch)}
      >
        <Select<SubscriberStatus>
          className="bo-filter"
          aria-label={t('backofficeNewsletter.filterStatus')}
          value={status}
          onChange={resetting(setStatus)}
          options={STATUSES.map((s) => ({ value: s, label: t(`backofficeNewsletter.statuses.${s}`) }))}
        />
        <Button
          className="bo-toolbar-end"
          icon={<DownloadOutlined />}
          disabled={shown.length === 0}
          onClick={exportCsv}
        >
          {t('backofficeNewsletter.export')}
        </Button>
      </BackofficeListHead>
      <BackofficeErrorAlert of={subscribers} />
      <BackofficeTable<NewsletterSubscriber>
        rowKey="email"
        aria-label={t('backofficeNewsletter.table')}
        loading={subscribers.isFetching}
        dataSource={shown}
        emptyText={t('backofficeNewsletter.empty')}
        {...paging}
        columns={[
          emailColumn<NewsletterSubscriber>(t('backofficeNewsletter.columns.email')),
          {
            key: 'new',
            title: t('backofficeNewsletter.columns.new'),
            dataIndex: 'new',
            render: (v: boolean) => (v ? t('backofficeNewsletter.yes') : t('backofficeNewsletter.no')),
          },
          {
            key: 'subscribed',
            title: t('backofficeNewsletter.columns.subscribed'),
            dataIndex: 'createdAt',
            render: (v: string) => <time dateTime={v}>{day(v)}</time>,
          },
          {
            key: 'status',
            title: t('backofficeNewsletter.columns.status'),
            render: (_, s) =>
              s.confirmed ? (
                <Tag color="green">{t('backofficeNewsletter.confirmed')}</Tag>
              ) : (
                <Tag color="gold">{t('backofficeNewsletter.waiting')}</Tag>
              ),
          },
        ]}
      />
    </>
  );
}
