import { Alert, Card, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResponseSummary } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { ExportMenu } from '../documents/ExportMenu';
import { offerErrorText } from '../offers/errors';
import { useCountryNames } from '../countries/useCountries';
import { useSession } from '../session/useSession';
import { formatDate } from './format';
import { useResponses } from './queries';
import { CounterOfferStatusTag, SendCounterOfferButton } from './SendCounterOffer';
import './responses.css';

/**
 * Counter offers the user's country received (on its offer) and sent (on others'); the secretariat sees all.
 * Shown on /offers, the screen a negotiator returns to after saving a counter offer.
 */
export function CounterOffersPanel() {
  const { t, i18n } = useTranslation();
  const { profile } = useSession();
  const list = useResponses();
  const countryName = useCountryNames();
  const offerCountry = (r: ResponseSummary) => countryName(r.offerCountryCode, r.offerCountryName);
  const responder = (r: ResponseSummary) => countryName(r.responderCountryCode, r.responderCountryName);
  const mine = profile?.countryCode ?? null;
  const rows = list.data ?? [];
  const received = mine ? rows.filter((r) => r.offerCountryCode === mine) : rows;
  const sent = mine ? rows.filter((r) => r.responderCountryCode === mine) : [];

  const table = (label: string, data: ResponseSummary[], empty: string) => (
    <section aria-label={label}>
      <Table<ResponseSummary>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={data}
        pagination={data.length > 10 ? { pageSize: 10 } : false}
        locale={{ emptyText: empty }}
        scroll={{ x: true }}
        columns={[
          {
            key: 'offer',
            title: t('responses.list.offer'),
            render: (_, r) => `${r.offerName} (${offerCountry(r)})`,
          },
          { key: 'responder', title: t('responses.list.responder'), render: (_, r) => responder(r) },
          {
            key: 'version',
            title: t('responses.list.version'),
            render: (_, r) => t('offers.versions.number', { number: r.versionNumber }),
          },
          { key: 'author', title: t('responses.list.author'), dataIndex: 'authorName' },
          { key: 'date', title: t('responses.list.date'), render: (_, r) => formatDate(r.createdAt, i18n.language) },
          {
            key: 'status',
            title: t('workflow.counter.status'),
            render: (_, r) => <CounterOfferStatusTag status={r.status} />,
          },
          {
            key: 'changes',
            title: t('responses.list.changes'),
            render: (_, r) => <Tag color={r.changedEntries > 0 ? 'green' : undefined}>{r.changedEntries}</Tag>,
          },
          {
            key: 'actions',
            title: <span className="visually-hidden">{t('responses.list.actions')}</span>,
            render: (_, r) => (
              <Space wrap>
                <SendCounterOfferButton summary={r} size="small" />
                <ButtonLink
                  size="small"
                  to={`/view-response-offer/${r.id}`}
                  aria-label={`${t('responses.list.view')}: ${responder(r)} → ${offerCountry(r)}`}
                >
                  {t('responses.list.view')}
                </ButtonLink>
                <ButtonLink
                  size="small"
                  to={`/compare-versions/${r.offerId}/${r.id}`}
                  aria-label={`${t('responses.list.compare')}: ${responder(r)} → ${offerCountry(r)}`}
                >
                  {t('responses.list.compare')}
                </ButtonLink>
                <ExportMenu
                  size="small"
                  source={{ kind: 'counterOffer', responseId: r.id }}
                  subject={`${responder(r)} → ${offerCountry(r)}`}
                />
              </Space>
            ),
          },
        ]}
      />
    </section>
  );

  return (
    <Card
      className="offers-card counter-offers-panel"
      title={<h2 className="card-title">{t('responses.list.title')}</h2>}
    >
      {list.isError && <Alert type="error" showIcon title={offerErrorText(list.error, t)} />}
      {mine ? (
        <>
          <h3>{t('responses.list.received')}</h3>
          {table(t('responses.list.received'), received, t('responses.list.noneReceived'))}
          <h3>{t('responses.list.sent')}</h3>
          {table(t('responses.list.sent'), sent, t('responses.list.noneSent'))}
        </>
      ) : (
        table(t('responses.list.title'), received, t('responses.list.noneReceived'))
      )}
    </Card>
  );
}
