import { useState } from 'react';
import { Alert, Input, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CHAT_SEARCH_MAX } from '@portal/shared';
import { UserText } from '../../components/Bidi';
import { chatApi, chatKeys } from './api';

/**
 * Searching every conversation one may read (the messaging screen's sidebar), built as RoomSearch: the messages whose
 * text (or file name) contains the words, accents and case ignored, newest first, each linking to its room.
 */
export function AllRoomsSearch() {
  const { t, i18n } = useTranslation();
  const [term, setTerm] = useState('');
  const results = useQuery({
    queryKey: chatKeys.searchAll(term),
    queryFn: ({ signal }) => chatApi.searchAll(term, signal),
    enabled: term.length > 0,
  });
  const when = (at: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));
  return (
    <div className="chat-search" role="search">
      <Input.Search
        aria-label={t('chat.searchAllRooms')}
        placeholder={t('chat.searchAllRooms')}
        allowClear
        maxLength={CHAT_SEARCH_MAX}
        onSearch={(value) => setTerm(value.trim())}
      />
      {term && (
        <section className="chat-search-results" aria-label={t('chat.searchAllResults')} aria-live="polite">
          {results.isLoading && <Spin size="small" />}
          {results.isError && <Alert type="error" showIcon title={t('chat.genericError')} />}
          {results.data && (
            <>
              <Typography.Text type="secondary">
                {results.data.length ? t('chat.searchFound', { count: results.data.length }) : t('chat.searchNone')}
              </Typography.Text>
              <ul className="chat-search-hits">
                {results.data.map((hit) => (
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
            </>
          )}
        </section>
      )}
    </div>
  );
}
