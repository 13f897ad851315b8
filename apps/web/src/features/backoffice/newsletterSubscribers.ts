/** The newsletter staff screen's search and CSV export, kept apart from the page so they read (and test) alone. */
import type { TFunction } from 'i18next';
import { toCsv, type NewsletterSubscriber } from '@portal/shared';
import { saveFile } from '../../api/download';

export type SubscriberStatus = 'all' | 'confirmed' | 'waiting';

export interface SubscriberFilter {
  /** Part of the address, in any case. */
  search: string;
  status: SubscriberStatus;
}

/** The subscribers whose address contains the search text and whose confirmation matches the status. */
export function filterSubscribers(list: readonly NewsletterSubscriber[], { search, status }: SubscriberFilter) {
  const needle = search.trim().toLowerCase();
  return list.filter(
    (s) =>
      (!needle || s.email.toLowerCase().includes(needle)) &&
      (status === 'all' || (status === 'confirmed') === s.confirmed),
  );
}

/**
 * The rows shown (every page of the current search) as CSV: the headers and yes/no and status words in the
 * interface language, the date as ISO 8601 (UTC) so any spreadsheet reads it as a date. Fields that could run as
 * formulas are neutralised by the shared csv helper.
 */
export function subscribersCsv(rows: readonly NewsletterSubscriber[], t: TFunction): string {
  return toCsv([
    [
      t('backofficeNewsletter.columns.email'),
      t('backofficeNewsletter.columns.new'),
      t('backofficeNewsletter.columns.subscribed'),
      t('backofficeNewsletter.columns.status'),
    ],
    ...rows.map((s) => [
      s.email,
      s.new ? t('backofficeNewsletter.yes') : t('backofficeNewsletter.no'),
      s.createdAt,
      s.confirmed ? t('backofficeNewsletter.confirmed') : t('backofficeNewsletter.waiting'),
    ]),
  ]);
}

/** Offers CSV text as a download; the byte-order mark lets spreadsheets read French and Arabic words as UTF-8. */
export function downloadCsv(text: string, fileName: string): void {
  saveFile(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), fileName);
}
