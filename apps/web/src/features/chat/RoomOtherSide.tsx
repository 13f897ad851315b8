import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isStaff, type ChatRoom, type Profile } from '@portal/shared';
import { slot, WithUserValues } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';

type Side = { code: string | null; name: string | null };

/**
 * Who a negotiation room is with, for the viewer: a user of one of its two countries sees the other one; the
 * secretariat (and anyone without a country) sees both. Nothing for a contact room.
 */
export function otherSides(room: ChatRoom, me: Pick<Profile, 'role' | 'countryCode'>): Side[] {
  if (room.romeType !== 'OFFER') return [];
  const sender = { code: room.countryCodeSender, name: room.countryNameSender };
  const received = { code: room.countryCodeReceived, name: room.countryNameReceived };
  const own = isStaff(me.role) ? null : me.countryCode;
  const sides = own && own === received.code ? [sender] : own && own === sender.code ? [received] : [sender, received];
  return sides.filter((s) => s.code || s.name);
}

/** The room header's line naming the other side, countries in the interface language, each name isolated. */
export function RoomOtherSide({ room, me }: { room: ChatRoom; me: Pick<Profile, 'role' | 'countryCode'> }) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  const sides = otherSides(room, me).map((s) => countryName(s.code, s.name));
  if (!sides.length) return null;
  return (
    <Typography.Text type="secondary" className="chat-pane-other-side">
      {sides.length === 1 ? (
        <WithUserValues text={t('chat.withCountry', { country: slot(0) })} values={sides} />
      ) : (
        <WithUserValues text={t('chat.betweenCountries', { first: slot(0), second: slot(1) })} values={sides} />
      )}
    </Typography.Text>
  );
}
