import { useState } from 'react';
import { Alert, Button, Card, Select, Space } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { isStaff, mayEditOffer, writesCountryOffer } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/ButtonLink';
import { PageTitle } from '../../components/PageTitle';
import { OfferTable } from '../../features/offers/list/OfferTable';
import { OfferViewerModal } from '../../features/offers/view/OfferViewerModal';
import { ExportMenu } from '../../features/documents/ExportMenu';
import { offerErrorText } from '../../features/offers/errors';
import { useCountriesWithoutOffer, useOfferList } from '../../features/offers/queries';
import { useSession } from '../../features/session/useSession';
import { CounterOffersPanel } from '../../features/responses/CounterOffersPanel';
import type { AddOfferState } from './AddOfferPage';

/** /offers — my country's offers (the secretariat: all), with their status and versions; the editor's return target. */
export default function OffersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useSession();
  const staff = isStaff(profile?.role);
  // Regional advisors read offers: they have no country offer to start.
  const writesOffer = profile !== undefined && writesCountryOffer(profile.role) && profile.countryCode !== null;
  const list = useOfferList();
  const noOffer = useCountriesWithoutOffer(staff);
  const [country, setCountry] = useState<number | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);

  const createForCountry = () => {
    const c = noOffer.data?.find((x) => x.id === country);
    if (c) void navigate('/add-offer', { state: { countryId: c.id, countryName: c.name } satisfies AddOfferState });
  };

  return (
    <>
      <PageTitle>{t('routes.offers')}</PageTitle>
      {staff ? (
        <Card className="offers-card" title={<h2 className="card-title">{t('offers.list.createForCountry')}</h2>}>
          <p className="offers-hint">{t('offers.list.createForCountryHint')}</p>
          <Space wrap>
            <Select
              aria-label={t('offers.list.country')}
              className="country-select"
              showSearch
              optionFilterProp="label"
              placeholder={t('offers.list.country')}
              loading={noOffer.isLoading}
              value={country}
              onChange={setCountry}
              options={(noOffer.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              notFoundContent={t('offers.list.everyCountryHasOne')}
            />
            <Button type="primary" icon={<PlusOutlined />} disabled={country === null} onClick={createForCountry}>
              {t('offers.list.create')}
            </Button>
          </Space>
        </Card>
      ) : (
        writesOffer &&
        list.data?.length === 0 && (
          <Alert
            type="info"
            showIcon
            title={t('offers.list.noOfferYet')}
            action={
              <ButtonLink to="/add-offer" type="primary" icon={<PlusOutlined />}>
                {t('offers.list.newOffer')}
              </ButtonLink>
            }
          />
        )
      )}
      {list.isError && <Alert type="error" showIcon title={offerErrorText(list.error, t)} />}
      <OfferTable
        label={t('routes.offers')}
        rows={list.data}
        loading={list.isLoading}
        columns={
          staff
            ? ['country', 'name', 'status', 'versions', 'sectors', 'updatedAt']
            : ['name', 'status', 'versions', 'sectors', 'updatedAt', 'lastSubmittedAt']
        }
        withVersions
        actions={(o) => (
          <Space wrap>
            <Button size="small" onClick={() => setViewing(o.id)}>
              {t('offers.actions.view')}
            </Button>
            <ExportMenu size="small" source={{ kind: 'offer', offerId: o.id }} subject={o.name || o.countryName} />
            {profile && mayEditOffer(profile, o) && (
              <ButtonLink size="small" type="primary" to={`/edit-offer/${o.id}`}>
                {t('offers.actions.edit')}
              </ButtonLink>
            )}
          </Space>
        )}
      />
      {viewing && <OfferViewerModal offerId={viewing} onClose={() => setViewing(null)} />}
      <CounterOffersPanel />
    </>
  );
}
