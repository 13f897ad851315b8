import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { writesCountryOffer, type OfferListItem } from '@portal/shared';
import { useCountryNames } from '../countries/useCountries';
import { useSession } from '../session/useSession';
import type { ResponseOfferState } from './navigation';

/** 'Counter offer' on another country's submitted offer, for its negotiators (chief negotiators and focal points). */
export function CounterOfferAction({
  offer,
}: {
  offer: Pick<OfferListItem, 'id' | 'countryCode' | 'countryName' | 'versions' | 'countryActive' | 'status'>;
}) {
  const { t } = useTranslation();
  const countryName = useCountryNames()(offer.countryCode, offer.countryName);
  const navigate = useNavigate();
  const { profile } = useSession();
  const negotiator = writesCountryOffer(profile?.role);
  if (!negotiator || !profile?.countryCode || profile.countryCode === offer.countryCode || offer.versions === 0)
    return null;
  // A finalized offer takes no more counter offers (the server refuses them with OFFER_FINALIZED).
  const finalized = offer.status === 'FINAL_OFFER';
  const why = finalized
    ? t('workflow.counter.finalized')
    : !offer.countryActive
      ? t('responses.action.inactive')
      : null;
  const button = (
    <Button
      size="small"
      disabled={why !== null}
      aria-label={`${t('responses.action.counterOffer')}: ${countryName}`}
      onClick={() =>
        void navigate(`/response-offer/${offer.id}`, {
          state: { countryCode: profile.countryCode! } satisfies ResponseOfferState,
        })
      }
    >
      {t('responses.action.counterOffer')}
    </Button>
  );
  return why ? <Tooltip title={why}>{button}</Tooltip> : button;
}
