import { Fragment, useEffect, useState } from 'react';
import { Alert, App, Button, Popconfirm, Space, Spin, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, LogoutOutlined, UserAddOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  isStaff,
  mayRemoveFromRoom,
  type ChatMessage,
  type ChatRoom,
  type ChatUser,
  type Profile,
} from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { RegionalLogo } from '../layout/RegionalLogo';
import { chatApi, chatKeys, useMessages, useParticipants, useRoom } from './api';
import { chatErrorText } from './messages';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { Flag } from './people';
import { ContactsDrawer, UserInfoModal } from './RoomPeople';
import { ReplyingTo } from './Reply';
import { RoomOtherSide } from './RoomOtherSide';
import { RoomSearch } from './RoomSearch';
import { useRoomLive } from './useRoomLive';
import { useMessageScroll } from './useMessageScroll';
import { useRoomReading } from './useRoomReading';

/** Whether a user is in a negotiation room by their country (one of its two): they can neither leave nor be removed. */
function inByCountry(room: ChatRoom, user: { role: Profile['role']; countryCode: string | null }): boolean {
  return (
    room.romeType === 'OFFER' &&
    !isStaff(user.role) &&
    user.countryCode !== null &&
    [room.countryCodeSender, room.countryCodeReceived].includes(user.countryCode)
  );
}

/** Who of the participants the viewer may remove: those added to the room, by its creator or the secretariat. */
export function removableParticipants(room: ChatRoom, people: ChatUser[], me: Profile): string[] {
  if (!mayRemoveFromRoom({ id: me.userId, role: me.role }, room)) return [];
  return people
    .filter((p) => p.userId !== me.userId && room.memberIds.includes(p.userId) && !inByCountry(room, p))
    .map((p) => p.userId);
}

/** Whether the viewer may leave the room: they were added to it, not in it by their country. */
export const mayLeave = (room: ChatRoom, me: Profile) => room.memberIds.includes(me.userId) && !inByCountry(room, me);

/**
 * An open room: header (logo, title, participants, add user, leave), its messages live, and the composer.
 * `onLeft` is called once the viewer has left the room.
 */
export function ChatPane({ roomId, me, onLeft }: { roomId: string; me: Profile; onLeft?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const room = useRoom(roomId);
  const messages = useMessages(roomId);
  const { connected, send } = useRoomLive(roomId);
  const [infoOpen, setInfoOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const participants = useParticipants(roomId, true);
  const [failures, setFailures] = useState<string[]>([]);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const sendReply = (text: string, file: string | null) => {
    const sent = send(text, file, replyTo?.id ?? null);
    if (sent) setReplyTo(null);
    return sent;
  };
  const all = [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.content);
  const { firstUnreadId } = useRoomReading(roomId, room.data, all, me.userId);
  const listRef = useMessageScroll(all, failures.length, '.chat-unread-divider');

  useEffect(() => {
    setFailures([]);
  }, [roomId]);

  if (room.isError) return <Alert type="error" showIcon title={t('chat.roomNotFound')} />;
  if (!room.data) return <Spin />;
  const r = room.data;
  const people = participants.data ?? r.profileDtos;
  const leave = async () => {
    try {
      await chatApi.leave(r.id);
      message.success(t('chat.leftConversation'));
      await queryClient.invalidateQueries({ queryKey: chatKeys.contactRooms() });
      await queryClient.invalidateQueries({ queryKey: chatKeys.offerRooms() });
      onLeft?.();
    } catch (e) {
      message.error(chatErrorText(e, t));
    }
  };
  return (
    <section className="chat-pane" aria-label={r.title}>
      <header className="chat-pane-header">
        <Space>
          {r.romeType === 'OFFER' && r.countryCodeReceived ? (
            <Flag code={r.countryCodeReceived} size={32} />
          ) : (
            <RegionalLogo size={32} />
          )}
          <div className="chat-pane-heading">
            <Typography.Title level={2} className="chat-pane-title">
              <UserText text={r.title} />
            </Typography.Title>
            <RoomOtherSide room={r} me={me} />
          </div>
        </Space>
        <Space>
          <Tooltip title={t('chat.participantsTitle')}>
            <Button
              type="text"
              icon={<InfoCircleOutlined />}
              aria-label={t('chat.participantsTitle')}
              onClick={() => setInfoOpen(true)}
            />
          </Tooltip>
          <Tooltip title={t('chat.addToConversation')}>
            <Button
              type="text"
              icon={<UserAddOutlined />}
              aria-label={t('chat.addToConversation')}
              onClick={() => setDrawerOpen(true)}
            />
          </Tooltip>
          {mayLeave(r, me) && (
            <Popconfirm
              title={t('chat.confirmLeave')}
              okText={t('chat.leave')}
              okButtonProps={{ danger: true }}
              cancelText={t('chat.cancel')}
              onConfirm={leave}
            >
              <Tooltip title={t('chat.leaveConversation')}>
                <Button type="text" icon={<LogoutOutlined />} aria-label={t('chat.leaveConversation')} />
              </Tooltip>
            </Popconfirm>
          )}
        </Space>
      </header>
      <RoomSearch roomId={r.id} meId={me.userId} />
      <div className="chat-messages" aria-live="polite" ref={listRef}>
        <div className="chat-messages-lines">
          {messages.hasNextPage && (
            <Button type="link" loading={messages.isFetchingNextPage} onClick={() => void messages.fetchNextPage()}>
              {t('chat.olderMessages')}
            </Button>
          )}
          {messages.isLoading && <Spin />}
          {!messages.isLoading && all.length === 0 && (
            <Typography.Text type="secondary">{t('chat.noMessages')}</Typography.Text>
          )}
          {all.map((m) => (
            <Fragment key={m.id}>
              {m.id === firstUnreadId && (
                <div className="chat-unread-divider" role="separator" aria-label={t('chat.newMessages')}>
                  <span>{t('chat.newMessages')}</span>
                </div>
              )}
              <MessageItem message={m} mine={m.sender?.userId === me.userId} onReply={setReplyTo} />
            </Fragment>
          ))}
          {failures.map((f, i) => (
            <div key={i} className="chat-failure" role="alert">
              {f}
            </div>
          ))}
        </div>
      </div>
      {!connected && (
        <Typography.Text type="secondary" className="chat-connecting">
          {t('chat.connecting')}
        </Typography.Text>
      )}
      {replyTo && <ReplyingTo message={replyTo} onCancel={() => setReplyTo(null)} />}
      <Composer connected={connected} send={sendReply} onFailure={(text) => setFailures((f) => [...f, text])} />
      <UserInfoModal
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        people={people}
        viewerIsAdmin={me.role === 'ADMIN'}
        roomId={r.id}
        removableIds={removableParticipants(r, people, me)}
      />
      <ContactsDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} room={r} members={people} />
    </section>
  );
}
