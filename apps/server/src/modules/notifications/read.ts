/** Reading one's notifications: the list, the header's popover (kept: kept-pages.ts) and a single one. */
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { NOTIFICATION_POPOVER_SIZE, isUuid, type Notification, type NotificationPage } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { notifications } from '../../db/schema/index.js';
import type { CachedAnswer } from '../../lib/kept-answer.js';
import { notFound, firstOr404 } from '../../errors.js';
import { presentNotification, type NotificationRow } from './present.js';
import { notificationLanguage } from './texts.js';

/**
 * The columns of a subquery selecting whole notification rows, as one nested object (null where the join found
 * none).
 */
function pageColumns<T extends Record<keyof NotificationRow, unknown>>(
  page: T,
): { [K in keyof NotificationRow]: T[K] } {
  const columns = Object.keys(getTableColumns(notifications)) as (keyof NotificationRow)[];
  return Object.fromEntries(columns.map((k) => [k, page[k]])) as { [K in keyof NotificationRow]: T[K] };
}

/**
 * A page of one's notifications, newest first, with one's total and unread counts, in ONE statement: the badge and the
 * list agree even while a notification is being written (two reads could fall on either side of it). The counts are
 * one row, the page is joined to it, so an empty page still brings the counts.
 */
const pageStatement = preparedPer((db) => {
  const recipient = eq(notifications.recipientId, sql.placeholder('userId'));
  // The total from the recipient index alone, the unread among the unread rows (notifications_unread_idx): neither
  // reads the rows of a long history.
  const counts = db
    .select({
      total: count().as('total'),
      unread:
        sql<number>`(select count(*) from ${notifications} as u where u.recipient_id = ${sql.placeholder('userId')} and u.read_at is null)`
          .mapWith(Number)
          .as('unread'),
    })
    .from(notifications)
    .where(recipient)
    .as('counts');
  const page = db
    .select()
    .from(notifications)
    .where(recipient)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ total: counts.total, unread: counts.unread, row: pageColumns(page) })
    .from(counts)
    .leftJoin(page, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id))
    .prepare('notifications_page');
});

async function pageOf(
  db: Db,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const joined = await pageStatement(db).execute({ userId, limit, offset });
  const [first] = joined;
  return {
    rows: joined.flatMap((r) => (r.row ? [r.row] : [])),
    total: first?.total ?? 0,
    unread: first?.unread ?? 0,
  };
}

/** GET /notifications: one's notifications, newest first, a page at a time, in one's language. */
export async function listNotifications(
  ctx: AppContext,
  { actor, page, size }: { actor: Actor; page: number; size: number },
): Promise<NotificationPage> {
  const language = notificationLanguage(actor.language);
  const { rows, total, unread } = await pageOf(ctx.db, actor.id, { limit: size, offset: page * size });
  return { content: rows.map((r) => presentNotification(r, language)), page, size, totalElements: total, unread };
}

/**
 * GET /notifications/my: the header popover's latest 20 and the unread count in one's language, as sent (kept per user
 * and language: kept-pages.ts).
 */
export function myNotifications(ctx: AppContext, { actor }: { actor: Actor }): Promise<CachedAnswer> {
  const language = notificationLanguage(actor.language);
  return ctx.notificationPages.answer(actor.id, language, async () => {
    const { rows, unread } = await pageOf(ctx.db, actor.id, { limit: NOTIFICATION_POPOVER_SIZE, offset: 0 });
    return { notifications: rows.map((r) => presentNotification(r, language)), unread };
  });
}

/** GET /notifications/{id}: one of one's own notifications; anyone else's is 404. */
export async function getNotification(
  ctx: AppContext,
  { actor, id }: { actor: Actor; id: string },
): Promise<Notification> {
  if (!isUuid(id)) throw notFound();
  const row = await firstOr404(
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), eq(notifications.recipientId, actor.id)))
      .limit(1),
  );
  return presentNotification(row, notificationLanguage(actor.language));
}
