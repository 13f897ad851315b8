import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { OfferTable } from '../../features/offers/list/OfferTable';
import { OfferViewerModal } from '../../features/offers/view/OfferViewerModal';
import { ExportMenu } from '../../features/documents/ExportMenu';
import { offerErrorText } from '../../features/offers/errors';
import { useDoneOffers } from '../../features/offers/queries';
import { DiscussOfferAction } from '../../features/offers/view/DiscussOfferAction';
import { CounterOfferAction } from '../../features/responses/CounterOfferAction';
import { RequestCommitmentsAction } from '../../features/requests/RequestAction';

/**
 * /offers-done — the conditional offers of all countries (submitted at least once), read-only; discuss or counter them,
 * or request commitments of them.
 */
export default function OffersDonePage() {
  const { t } = useTranslation();
  const done = useDoneOffers();
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <PageTitle>{t('routes.offersDone')}</PageTitle>
      <p className="offers-hint">{t('offers.done.hint')}</p>
      {done.isError && <Alert type="error" showIcon title={offerErrorText(done.error, t)} />}
      <OfferTable
        label={t('routes.offersDone')}
        rows={done.data}
        loading={done.isLoading}
        columns={['country', 'name', 'status', 'lastSubmittedAt', 'versions', 'sectors']}
        emptyText={t('offers.done.empty')}
        actions={(o) => (
          <Space wrap>
            <Button size="small" onClick={() => setViewing(o.id)}>
              {t('offers.actions.view')}
            </Button>
            <ExportMenu size="small" source={{ kind: 'offer', offerId: o.id }} subject={o.name || o.countryName} />
            <DiscussOfferAction offer={o} />
            <CounterOfferAction offer={o} />
            <RequestCommitmentsAction offer={o} />
          </Space>
        )}
      />
      {viewing && <OfferViewerModal offerId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
