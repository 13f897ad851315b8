import { useState } from 'react';
import { Alert, Input, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_SEARCH_MAX } from '@portal/shared';
import { chatApi, chatKeys } from './api';
import { MessageItem } from './MessageItem';

/**
 * Searching the open room: the messages whose text (or file name) contains the words, accents and case ignored,
 * newest first, listed under the search box until it is cleared.
 */
export function RoomSearch({ roomId, meId }: { roomId: string; meId: string }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const results = useQuery({
    queryKey: chatKeys.search(roomId, term),
    queryFn: ({ signal }) => chatApi.search(roomId, term, signal),
    enabled: term.length > 0,
  });
  return (
    <div className="chat-search" role="search">
      <Input.Search
        aria-label={t('chat.searchRoom')}
        placeholder={t('chat.searchRoom')}
        allowClear
        maxLength={CHAT_SEARCH_MAX}
        onSearch={(value) => setTerm(value.trim())}
      />
      {term && (
        <section className="chat-search-results" aria-label={t('chat.searchResults')} aria-live="polite">
          {results.isLoading && <Spin size="small" />}
          {results.isError && <Alert type="error" showIcon title={t('chat.genericError')} />}
          {results.data && (
            <>
              <Typography.Text type="secondary">
                {results.data.length ? t('chat.searchFound', { count: results.data.length }) : t('chat.searchNone')}
              </Typography.Text>
              {results.data.map((m) => (
                <MessageItem key={m.id} message={m} mine={m.sender?.userId === meId} />
              ))}
            </>
          )}
        </section>
      )}
    </div>
  );
}
