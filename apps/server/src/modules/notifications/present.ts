/** From a notification row to JSON, in the reader's language: the one presenter of the area. */
import type { Notification } from '@portal/shared';
import type { notifications } from '../../db/schema/index.js';
import { isNotificationKind, notificationText, type NotificationLanguage, type NotificationParams } from './texts.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification's `data` holds besides its own facts (offerId, roomId…): its text's parameters per language. */
export interface StoredParams {
  params?: Partial<Record<NotificationLanguage, NotificationParams>>;
}

/**
 * A notification's subject and text in the reader's language, from its kind and the parameters kept in that language;
 * the stored ones for a row written before parameters were kept (or of a kind that no longer has texts). What users
 * wrote (a comment, a room's title) is a parameter, the same in every language.
 */
function textIn(row: NotificationRow, language: NotificationLanguage): { subject: string; text: string } {
  const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as StoredParams | null;
  const params = data?.params?.[language];
  if (!params || typeof params !== 'object' || !isNotificationKind(row.kind)) {
    return { subject: row.subject, text: row.text };
  }
  return notificationText(row.kind, language, params, row.count);
}

/** The only way from a notification row to JSON, in the language of the one reading it. */
export function presentNotification(row: NotificationRow, language: NotificationLanguage): Notification {
  return {
    id: row.id,
    ...textIn(row, language),
    createdAtNotification: row.createdAt.toISOString(),
    read: row.readAt !== null,
    kind: row.kind,
    link: row.link,
    count: row.count,
  };
}
