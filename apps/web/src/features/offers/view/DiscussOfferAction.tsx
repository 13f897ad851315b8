import { Button } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayDiscussOffer, type OfferListItem } from '@portal/shared';
import { useCountryNames } from '../../countries/useCountries';
import { useSession } from '../../session/useSession';

interface Props {
  offer: Pick<OfferListItem, 'id' | 'countryCode' | 'countryName'>;
  size?: 'small' | 'middle';
  /** Called before leaving, e.g. to close the viewer the action sits in. */
  onNavigate?: () => void;
}

/**
 * 'Discuss': opens the offer's negotiation room on /chat, which creates it on first use (the spec's screens: /chat
 * accepts the offer as navigation state). Not shown on one's own country's offer: its room is the one the other
 * countries open with it.
 */
export function DiscussOfferAction({ offer, size = 'small', onNavigate }: Props) {
  const { t } = useTranslation();
  const countryName = useCountryNames()(offer.countryCode, offer.countryName);
  const navigate = useNavigate();
  const { profile } = useSession();
  if (!profile || !mayDiscussOffer(profile, offer)) return null;
  return (
    <Button
      size={size}
      icon={<MessageOutlined />}
      aria-label={`${t('offers.actions.discuss')}: ${countryName}`}
      onClick={() => {
        onNavigate?.();
        void navigate('/chat', { state: { offerId: offer.id } });
      }}
    >
      {t('offers.actions.discuss')}
    </Button>
  );
}
