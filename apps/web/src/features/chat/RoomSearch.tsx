import { useTranslation } from 'react-i18next';
import { chatApi, chatKeys } from './api';
import { ChatSearch } from './ChatSearch';
import { MessageItem } from './MessageItem';

/** Searching the open room: the messages whose text (or file name) contains the words, newest first. */
export function RoomSearch({ roomId, meId }: { roomId: string; meId: string }) {
  const { t } = useTranslation();
  return (
    <ChatSearch
      label={t('chat.searchRoom')}
      resultsLabel={t('chat.searchResults')}
      queryKey={(term) => chatKeys.search(roomId, term)}
      search={(term, signal) => chatApi.search(roomId, term, signal)}
    >
      {(hits) => hits.map((m) => <MessageItem key={m.id} message={m} mine={m.sender?.userId === meId} />)}
    </ChatSearch>
  );
}
