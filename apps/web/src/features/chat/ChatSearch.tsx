import { useState, type ReactNode } from 'react';
import { Alert, Input, Spin, Typography } from 'antd';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CHAT_SEARCH_MAX } from '@portal/shared';

interface Props<T> {
  /** The box's label and placeholder. */
  label: string;
  /** The label of the results' region. */
  resultsLabel: string;
  queryKey: (term: string) => QueryKey;
  search: (term: string, signal: AbortSignal) => Promise<T[]>;
  /** The hits found (at least one). */
  children: (hits: T[]) => ReactNode;
}

/**
 * A search box of the messaging screen (one room, or every room one may read): the words are sent on Enter, accents
 * and case ignored by the server; the hits, or "nothing found", are listed under the box until it is cleared.
 */
export function ChatSearch<T>({ label, resultsLabel, queryKey, search, children }: Props<T>) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const results = useQuery({
    queryKey: queryKey(term),
    queryFn: ({ signal }) => search(term, signal),
    enabled: term.length > 0,
  });
  return (
    <div className="chat-search" role="search">
      <Input.Search
        aria-label={label}
        placeholder={label}
        allowClear
        maxLength={CHAT_SEARCH_MAX}
        onSearch={(value) => setTerm(value.trim())}
      />
      {term && (
        <section className="chat-search-results" aria-label={resultsLabel} aria-live="polite">
          {results.isLoading && <Spin size="small" />}
          {results.isError && <Alert type="error" showIcon title={t('chat.genericError')} />}
          {results.data && (
            <>
              <Typography.Text type="secondary">
                {results.data.length ? t('chat.searchFound', { count: results.data.length }) : t('chat.searchNone')}
              </Typography.Text>
              {results.data.length > 0 && children(results.data)}
            </>
          )}
        </section>
      )}
    </div>
  );
}
