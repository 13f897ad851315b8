import { useState } from 'react';

/**
 * The page a back-office list shows. A filter that changes shows the first page again: the page the reader was on
 * may not exist in what the new filter gives.
 */
export function useListPage() {
  const [page, setPage] = useState(1);
  return {
    page,
    /** The table's props for its page: `{...paging}` on BackofficeTable or PagedBackofficeTable. */
    paging: { page, onPage: setPage },
    /** `set`, a filter's setter, that also goes back to the first page. */
    resetting:
      <V>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(1);
      },
  };
}
