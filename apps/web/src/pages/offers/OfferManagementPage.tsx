import { useMemo, useState } from 'react';
import { Alert, Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { mayEditOffer } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferTable } from '../../features/offers/list/OfferTable';
import { OfferViewerModal } from '../../features/offers/view/OfferViewerModal';
import { ExportMenu } from '../../features/documents/ExportMenu';
import { offerErrorText } from '../../features/offers/errors';
import { useOfferList } from '../../features/offers/queries';
import { useSession } from '../../features/session/useSession';

/** /backoffice/offer-management — every offer of every country, searchable, with its versions. */
export default function OfferManagementPage() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const list = useOfferList();
  const [search, setSearch] = useState('');
  const [viewing, setViewing] = useState<string | null>(null);
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return q
      ? list.data?.filter((o) => `${o.name} ${o.countryName} ${o.countryCode}`.toLowerCase().includes(q))
      : list.data;
  }, [list.data, search]);
  return (
    <>
      <PageTitle>{t('routes.boOfferManagement')}</PageTitle>
      <Input.Search
        className="table-search"
        allowClear
        aria-label={t('offers.manage.search')}
        placeholder={t('offers.manage.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {list.isError && <Alert type="error" showIcon title={offerErrorText(list.error, t)} />}
      <OfferTable
        label={t('routes.boOfferManagement')}
        rows={rows}
        loading={list.isLoading}
        columns={[
          'country',
          'name',
          'status',
          'versions',
          'sectors',
          'origin',
          'updatedAt',
          'lastSubmittedAt',
          'countryActive',
        ]}
        withVersions
        actions={(o) => (
          <Space>
            <Button size="small" onClick={() => setViewing(o.id)}>
              {t('offers.actions.view')}
            </Button>
            <ExportMenu size="small" source={{ kind: 'offer', offerId: o.id }} subject={o.name || o.countryName} />
            {profile && mayEditOffer(profile, o) && (
              <ButtonLink size="small" to={`/edit-offer/${o.id}`}>
                {t('offers.actions.edit')}
              </ButtonLink>
            )}
          </Space>
        )}
      />
      {viewing && <OfferViewerModal offerId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}
