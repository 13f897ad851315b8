import { Badge, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatRoom } from '@portal/shared';
import { slot, UserText, WithUserValues } from '../../components/Bidi';
import { useCountryNames } from '../countries/useCountries';
import { Flag } from './people';

/**
 * A list of rooms: flag (or regional logo), title and the other side's country; the open one is marked. Titles and
 * countries take their own direction; countries are named in the interface language.
 */
export function RoomList({
  rooms,
  selected,
  onSelect,
  loading,
}: {
  rooms: ChatRoom[];
  selected: string | null;
  onSelect: (room: ChatRoom) => void;
  loading?: boolean;
}) {
  const { t } = useTranslation();
  const countryName = useCountryNames();
  return (
    <List
      className="chat-room-list"
      loading={loading}
      dataSource={rooms}
      locale={{ emptyText: t('chat.noRooms') }}
      renderItem={(room) => (
        <List.Item className={`chat-room-item${room.id === selected ? ' chat-room-selected' : ''}`}>
          {/* The button inside the list item: a list holds list items only, for a screen reader to count them. */}
          <div
            className="chat-room-button"
            onClick={() => onSelect(room)}
            aria-current={room.id === selected ? 'true' : undefined}
            role="button"
            tabIndex={0}
            onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onSelect(room)}
          >
            <List.Item.Meta
              avatar={<Flag code={room.romeType === 'OFFER' ? room.countryCodeReceived : null} size={28} />}
              title={<UserText className="chat-room-title" text={room.title} />}
              description={
                room.romeType === 'OFFER' ? (
                  <Typography.Text type="secondary">
                    {room.regionCreated ? (
                      t('chat.fromSecretariat')
                    ) : (
                      <WithUserValues
                        text={t('chat.fromCountry', { country: slot(0) })}
                        values={[countryName(room.countryCodeSender, room.countryNameSender)]}
                      />
                    )}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">
                    {t('chat.participants', { count: room.profileDtos.length })}
                  </Typography.Text>
                )
              }
            />
            {room.unread > 0 && room.id !== selected && (
              <Badge
                className="chat-room-unread"
                count={room.unread}
                overflowCount={999}
                color="#c41d7f"
                aria-label={t('chat.unreadCount', { count: room.unread })}
                title={t('chat.unreadCount', { count: room.unread })}
              />
            )}
          </div>
        </List.Item>
      )}
    />
  );
}
