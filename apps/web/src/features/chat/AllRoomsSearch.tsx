import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserText } from '../../components/Bidi';
import { chatApi, chatKeys } from './api';
import { ChatSearch } from './ChatSearch';
import { formatDateTime } from '../../i18n/dates';

/**
 * Searching every conversation one may read (the messaging screen's sidebar): the messages whose text (or file name)
 * contains the words, newest first, each linking to its room.
 */
export function AllRoomsSearch() {
  const { t, i18n } = useTranslation();
  const when = (at: string) => formatDateTime(at, i18n.language);
  return (
    <ChatSearch
      label={t('chat.searchAllRooms')}
      resultsLabel={t('chat.searchAllResults')}
      queryKey={(term) => chatKeys.searchAll(term)}
      search={(term, signal) => chatApi.searchAll(term, signal)}
    >
      {(hits) => (
        <ul className="chat-search-hits">
          {hits.map((hit) => (
            <li key={hit.id} className="chat-search-hit">
              <Link to={`/chat/${encodeURIComponent(hit.roomId)}/0`}>
                <UserText text={hit.roomTitle} />
              </Link>
              <Typography.Text type="secondary">
                {hit.sender ? (
                  <UserText text={`${hit.sender.firstName} ${hit.sender.lastName}`} />
                ) : (
                  t('chat.formerUser')
                )}{' '}
                <time dateTime={hit.createdAt}>{when(hit.createdAt)}</time>
              </Typography.Text>
              <UserText as="p" className="chat-search-hit-text" text={hit.conversation || hit.fileName} />
            </li>
          ))}
        </ul>
      )}
    </ChatSearch>
  );
}
