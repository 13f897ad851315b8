import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Badge, Button, Empty, Segmented, Select, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { matchesSearch, mayDiscussOffer, type ChatRoom, type OfferListItem } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { PageTitle } from '../../components/PageTitle';
import { AllRoomsSearch } from '../../features/chat/AllRoomsSearch';
import { chatApi, chatKeys, useContactRooms, useOfferRooms } from '../../features/chat/api';
import { ChatPane } from '../../features/chat/ChatPane';
import { chatErrorText } from '../../features/chat/messages';
import { NewConversationModal } from '../../features/chat/NewConversationModal';
import { RoomList } from '../../features/chat/RoomList';
import { useDoneOffers, useOfferList } from '../../features/offers/queries';
import { useSession } from '../../features/session/useSession';
import '../../features/chat/chat.css';

type Tab = 'negotiations' | 'contacts';
type SubList = 'received' | 'sender' | 'invitation';

/** What other screens pass to /chat: the offer whose negotiation room to open. */
interface ChatNavigationState {
  offerId?: string;
}

/**
 * /chat and /chat/:id/:version (a room opened directly, e.g. from a notification). Two tabs: Negotiations
 * (Received, Sent, Invitation with counters) and Contact Users. Arriving with an offerId creates or opens that
 * offer's room under Sent. Switching tab or sub-list empties the right pane and forgets the navigation state.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const queryClient = useQueryClient();
  const { profile } = useSession();
  const offerRooms = useOfferRooms();
  const contactRooms = useContactRooms();
  const [tab, setTab] = useState<Tab>('negotiations');
  const [subList, setSubList] = useState<SubList>('received');
  const [roomId, setRoomId] = useState<string | null>(params.id ?? null);
  const [creating, setCreating] = useState(false);
  const handledOffer = useRef<string | null>(null);
  const offerId = (location.state as ChatNavigationState | null)?.offerId;

  // A room named in the address (/chat/:id/:version): open it in the list it belongs to.
  useEffect(() => {
    if (!params.id) return;
    setRoomId(params.id);
    const lists = offerRooms.data;
    if (contactRooms.data?.some((r) => r.id === params.id)) setTab('contacts');
    else if (lists) {
      setTab('negotiations');
      const found = (['received', 'sender', 'invitation'] as const).find((k) =>
        lists[k].some((r) => r.id === params.id),
      );
      if (found) setSubList(found);
    }
  }, [params.id, offerRooms.data, contactRooms.data]);

  // Arriving with an offer: create or open its room, show it under Sent.
  useEffect(() => {
    if (!offerId || handledOffer.current === offerId) return;
    handledOffer.current = offerId;
    chatApi
      .openOfferRoom(offerId)
      .then(async (room) => {
        await queryClient.invalidateQueries({ queryKey: chatKeys.offerRooms() });
        const lists = await queryClient.fetchQuery({
          queryKey: chatKeys.offerRooms(),
          queryFn: ({ signal }) => chatApi.offerRooms(signal),
        });
        setTab('negotiations');
        // The opener finds it under Sent; someone who joined an existing room, where it is listed for them.
        setSubList(
          (['sender', 'received', 'invitation'] as const).find((k) => lists[k].some((r) => r.id === room.id)) ??
            'sender',
        );
        setRoomId(room.id);
      })
      .catch((e) => message.error(chatErrorText(e, t)));
  }, [offerId, queryClient, message, t]);

  const resetPane = () => {
    setRoomId(null);
    // The same offer may be chosen again from the prompt.
    handledOffer.current = null;
    if (location.state || params.id) void navigate('/chat', { replace: true, state: null });
  };
  const open = (room: ChatRoom) => setRoomId(room.id);

  const lists = offerRooms.data ?? { received: [], sender: [], invitation: [] };
  const counter = (n: number) => <Badge count={n} showZero size="small" color="#599cff" />;
  const negotiations = (
    <>
      <Segmented
        block
        value={subList}
        onChange={(v) => {
          setSubList(v as SubList);
          resetPane();
        }}
        options={(['received', 'sender', 'invitation'] as const).map((k) => ({
          value: k,
          label: (
            <span className="chat-sublist-label">
              {t(`chat.${k}`)} {counter(lists[k].length)}
            </span>
          ),
        }))}
      />
      {offerRooms.isError && <Alert type="error" showIcon title={t('chat.genericError')} />}
      <RoomList rooms={lists[subList]} selected={roomId} onSelect={open} loading={offerRooms.isLoading} />
    </>
  );
  const contacts = (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {t('chat.createNewMessage')}
      </Button>
      <RoomList rooms={contactRooms.data ?? []} selected={roomId} onSelect={open} loading={contactRooms.isLoading} />
    </>
  );

  return (
    <>
      <PageTitle>{t('routes.chat')}</PageTitle>
      <div className="chat-layout">
        <aside className="chat-sidebar">
          <AllRoomsSearch />
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTab(k as Tab);
              resetPane();
            }}
            items={[
              { key: 'negotiations', label: t('chat.negotiations'), children: negotiations },
              { key: 'contacts', label: t('chat.contactUsers'), children: contacts },
            ]}
          />
        </aside>
        <div className="chat-main">
          {roomId && profile ? (
            <ChatPane key={roomId} roomId={roomId} me={profile} onLeft={resetPane} />
          ) : (
            <div className="chat-prompt">
              {tab === 'negotiations' ? (
                <Empty description={t('chat.selectOffer')}>
                  <OfferToDiscuss
                    onChoose={(id) =>
                      void navigate('/chat', { replace: true, state: { offerId: id } satisfies ChatNavigationState })
                    }
                  />
                </Empty>
              ) : (
                <Empty description={t('chat.startConversation')} />
              )}
            </div>
          )}
        </div>
      </div>
      <NewConversationModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(room) => {
          setCreating(false);
          setTab('contacts');
          setRoomId(room.id);
        }}
      />
    </>
  );
}

/**
 * The Negotiations prompt's choice of offer (the spec's screens: it asks the user to select the offer to discuss): the
 * offers one may see — one's own country's and every submitted one — less one's own country's (see mayDiscussOffer);
 * searched whatever the accents, each name in its own direction.
 */
function OfferToDiscuss({ onChoose }: { onChoose: (offerId: string) => void }) {
  const { t } = useTranslation();
  const { profile } = useSession();
  const done = useDoneOffers();
  const mine = useOfferList();
  const offers = useMemo(() => {
    const byId = new Map<string, OfferListItem>();
    for (const o of [...(mine.data ?? []), ...(done.data ?? [])]) byId.set(o.id, o);
    return [...byId.values()]
      .filter((o) => profile && mayDiscussOffer(profile, o))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [mine.data, done.data, profile]);
  return (
    <Select
      style={{ minInlineSize: 280 }}
      aria-label={t('chat.offerToDiscuss')}
      placeholder={t('chat.offerToDiscuss')}
      showSearch
      filterOption={(input, option) => matchesSearch(option?.name, input)}
      loading={done.isLoading || mine.isLoading}
      notFoundContent={t('chat.noOfferToDiscuss')}
      options={offers.map((o) => ({ value: o.id, name: o.name, title: o.name, label: <UserText text={o.name} /> }))}
      value={null}
      onChange={(id: string) => onChoose(id)}
    />
  );
}
