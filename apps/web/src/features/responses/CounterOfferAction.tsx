import { Button, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OfferListItem } from '@portal/shared';
import { useSession } from '../session/useSession';
import type { ResponseOfferState } from './navigation';

/** 'Counter offer' on another country's submitted offer, for its negotiators (chief negotiators and focal points). */
export function CounterOfferAction({
  offer,
}: {
  offer: Pick<OfferListItem, 'id' | 'countryCode' | 'countryName' | 'versions' | 'countryActive'>;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { profile } = useSession();
  const negotiator = profile?.role === 'CHIEF_NEGOTIATOR' || profile?.role === 'SERVICE_FOCAL_POINT';
  if (!negotiator || !profile?.countryCode || profile.countryCode === offer.countryCode || offer.versions === 0)
    return null;
  const button = (
    <Button
      size="small"
      disabled={!offer.countryActive}
      aria-label={`${t('responses.action.counterOffer')}: ${offer.countryName}`}
      onClick={() =>
        void navigate(`/response-offer/${offer.id}`, {
          state: { countryCode: profile.countryCode! } satisfies ResponseOfferState,
        })
      }
    >
      {t('responses.action.counterOffer')}
    </Button>
  );
  return offer.countryActive ? button : <Tooltip title={t('responses.action.inactive')}>{button}</Tooltip>;
}
