import { useState } from 'react';
import { Button, Select, Space, Tooltip } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { writesCountryOffer, type OfferListItem } from '@portal/shared';
import { ButtonLink } from '../../components/ButtonLink';
import { useDoneOffers } from '../offers/queries';
import { useCountryNames } from '../countries/useCountries';
import { useSession } from '../session/useSession';

type Requestable = Pick<OfferListItem, 'id' | 'countryCode' | 'countryName' | 'versions' | 'status' | 'countryActive'>;

/** Whether a country's negotiator may write a request to this offer: another country's conditional offer. */
function useMayRequest(): (offer: Requestable) => boolean {
  const { profile } = useSession();
  return (offer) =>
    writesCountryOffer(profile?.role) &&
    Boolean(profile?.countryCode) &&
    profile!.countryCode !== offer.countryCode &&
    offer.versions > 0;
}

/** 'Request commitments' on another country's conditional offer: opens the request editor (/request-offer/{id}). */
export function RequestCommitmentsAction({ offer, size = 'small' }: { offer: Requestable; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const countryName = useCountryNames()(offer.countryCode, offer.countryName);
  const mayRequest = useMayRequest();
  if (!mayRequest(offer)) return null;
  const why =
    offer.status === 'FINAL_OFFER'
      ? t('errors.REQUEST_OFFER_FINALIZED')
      : !offer.countryActive
        ? t('responses.action.inactive')
        : null;
  const label = t('requests.actions.request');
  if (why)
    return (
      <Tooltip title={why}>
        <Button size={size} disabled icon={<FormOutlined />}>
          {label}
        </Button>
      </Tooltip>
    );
  return (
    <ButtonLink
      size={size}
      icon={<FormOutlined />}
      to={`/request-offer/${offer.id}`}
      aria-label={`${label}: ${countryName}`}
    >
      {label}
    </ButtonLink>
  );
}

/** On the requests list: choose another member's conditional offer and start a request to it. */
export function NewRequest() {
  const { t } = useTranslation();
  const { profile } = useSession();
  const mayRequest = useMayRequest();
  const countryLabel = useCountryNames();
  const negotiator = writesCountryOffer(profile?.role) && Boolean(profile?.countryCode);
  const done = useDoneOffers(negotiator);
  const [offerId, setOfferId] = useState<string | null>(null);
  const offers = (done.data ?? []).filter((o) => mayRequest(o) && o.status !== 'FINAL_OFFER' && o.countryActive);
  if (!negotiator) return null;
  const options = offers
    .map((o) => ({ value: o.id, label: `${countryLabel(o.countryCode, o.countryName)} — ${o.name}` }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return (
    <Space wrap className="request-new">
      <label htmlFor="new-request-offer">{t('requests.list.newLabel')}</label>
      <Select
        id="new-request-offer"
        showSearch
        optionFilterProp="label"
        style={{ minInlineSize: '20rem' }}
        loading={done.isLoading}
        placeholder={t('requests.list.choose')}
        options={options}
        value={offerId}
        onChange={setOfferId}
        notFoundContent={t('requests.list.noOffer')}
      />
      <ButtonLink
        type="primary"
        icon={<FormOutlined />}
        to={offerId ? `/request-offer/${offerId}` : '#'}
        disabled={!offerId}
      >
        {t('requests.list.start')}
      </ButtonLink>
    </Space>
  );
}
