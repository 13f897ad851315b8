import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { InfoCircleOutlined, UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { RegionalLogo } from '../layout/RegionalLogo';
import { useMessages, useParticipants, useRoom } from './api';
import { Composer } from './Composer';
import { MessageItem } from './MessageItem';
import { Flag } from './people';
import { ContactsDrawer, UserInfoModal } from './RoomPeople';
import { useRoomLive } from './useRoomLive';

/** An open room: header (logo, title, participants, add user), its messages live, and the composer. */
export function ChatPane({ roomId, me }: { roomId: string; me: Profile }) {
  const { t } = useTranslation();
  const room = useRoom(roomId);
  const messages = useMessages(roomId);
  const { connected, send } = useRoomLive(roomId);
  const [infoOpen, setInfoOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const participants = useParticipants(roomId, true);
  const [failures, setFailures] = useState<string[]>([]);
  const bottom = useRef<HTMLDivElement>(null);
  const all = [...(messages.data?.pages ?? [])].reverse().flatMap((p) => p.content);

  useEffect(() => {
    setFailures([]);
  }, [roomId]);
  // Braces matter: newer browsers return a Promise from scrollIntoView, and an effect may return only a cleanup.
  useEffect(() => {
    void bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [all.length, failures.length]);

  if (room.isError) return <Alert type="error" showIcon title={t('chat.roomNotFound')} />;
  if (!room.data) return <Spin />;
  const r = room.data;
  return (
    <section className="chat-pane" aria-label={r.title}>
      <header className="chat-pane-header">
        <Space>
          {r.romeType === 'OFFER' && r.countryCodeReceived ? (
            <Flag code={r.countryCodeReceived} size={32} />
          ) : (
            <RegionalLogo size={32} />
          )}
          <Typography.Title level={2} className="chat-pane-title">
            <UserText text={r.title} />
          </Typography.Title>
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
        </Space>
      </header>
      <div className="chat-messages" aria-live="polite">
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
          <MessageItem key={m.id} message={m} mine={m.sender?.userId === me.userId} />
        ))}
        {failures.map((f, i) => (
          <div key={i} className="chat-failure" role="alert">
            {f}
          </div>
        ))}
        <div ref={bottom} />
      </div>
      {!connected && (
        <Typography.Text type="secondary" className="chat-connecting">
          {t('chat.connecting')}
        </Typography.Text>
      )}
      <Composer connected={connected} send={send} onFailure={(text) => setFailures((f) => [...f, text])} />
      <UserInfoModal
        open={infoOpen}
        onClose={() => setInfoOpen(false)}
        people={participants.data ?? r.profileDtos}
        viewerIsAdmin={me.role === 'ADMIN'}
      />
      <ContactsDrawer
        open={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        roomId={r.id}
        members={participants.data ?? r.profileDtos}
      />
    </section>
  );
}
