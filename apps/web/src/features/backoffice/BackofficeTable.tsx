import { Table, type TableColumnType, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { BackofficeErrorAlert } from './BackofficeErrorAlert';

/** How many rows a back-office list shows a page (and asks the server for, where the server pages it). */
export const BACKOFFICE_PAGE_SIZE = 20;

interface Props<T> extends Omit<TableProps<T>, 'pagination' | 'locale' | 'size'> {
  /** What the table says when it has no row. */
  emptyText: string;
  page: number;
  onPage: (page: number) => void;
  /** The rows of every page, where the server pages the list; otherwise the table counts its dataSource. */
  total?: number;
}

/**
 * A back-office list's table: middle-sized, sideways in its frame when it is wider than the screen (unless `scroll`
 * says otherwise), a page of BACKOFFICE_PAGE_SIZE rows at a time with the count of all.
 */
export function BackofficeTable<T extends object>({ emptyText, page, onPage, total, ...table }: Props<T>) {
  const { t } = useTranslation();
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      {...table}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize: BACKOFFICE_PAGE_SIZE,
        total,
        showSizeChanger: false,
        onChange: onPage,
        showTotal: (count) => t('backoffice.common.total', { count }),
      }}
    />
  );
}

interface PagedProps<T> extends Omit<Props<T>, 'loading' | 'dataSource' | 'total'> {
  /** The query of the page shown: its rows and the count of all, as the server gives them, or why it failed. */
  of: { isError: boolean; error: unknown; isFetching: boolean; data: { items: T[]; total: number } | undefined };
}

/** A list the server pages: why its query failed, if it did, above the table of the page it gave. */
export function PagedBackofficeTable<T extends object>({ of, ...table }: PagedProps<T>) {
  return (
    <>
      <BackofficeErrorAlert of={of} />
      <BackofficeTable<T>
        {...table}
        loading={of.isFetching}
        dataSource={of.data?.items ?? []}
        total={of.data?.total ?? 0}
      />
    </>
  );
}

/** A list's column of e-mail addresses: read left to right in every language. */
export function emailColumn<T extends { email: string }>(title: string): TableColumnType<T> {
  return { key: 'email', title, dataIndex: 'email', render: (v: string) => <span dir="ltr">{v}</span> };
}
