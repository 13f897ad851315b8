import { and, count, desc, eq, getTableColumns, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import {
  NOTIFICATION_POPOVER_SIZE,
  NOTIFICATION_TOPIC,
  isUuid,
  type MyNotifications,
  type Notification,
  type NotificationPage,
  type QueueMessage,
  type Role,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { notifications, users } from '../../db/schema/index.js';
import { address } from '../../realtime/broker.js';
import { notFound, firstOr404 } from '../../errors.js';
import {
  notificationMail,
  notificationText,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationParams,
} from './texts.js';

type NotificationRow = typeof notifications.$inferSelect;

/** The only way from a notification row to JSON. */
function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    subject: row.subject,
    text: row.text,
    createdAtNotification: row.createdAt.toISOString(),
    read: row.readAt !== null,
    kind: row.kind,
    link: row.link,
    count: row.count,
  };
}

async function unreadCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.recipientId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The columns of a subquery selecting whole notification rows, as one nested object (null where the join found none). */
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
async function pageOf(
  db: Db,
  userId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const counts = db
    .select({
      total: count().as('total'),
      unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number).as('unread'),
    })
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .as('counts');
  const page = db
    .select()
    .from(notifications)
    .where(eq(notifications.recipientId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset)
    .as('page');
  const joined = await db
    .select({ total: counts.total, unread: counts.unread, row: pageColumns(page) })
    .from(counts)
    .leftJoin(page, sql`true`)
    .orderBy(desc(page.createdAt), desc(page.id));
  const [first] = joined;
  return {
    rows: joined.flatMap((r) => (r.row ? [r.row] : [])),
    total: first?.total ?? 0,
    unread: first?.unread ?? 0,
  };
}

/** Tells one user's open browsers about a notification (or just the new unread count) over /topic/queue. */
async function pushLive(ctx: AppContext, userId: string, body: QueueMessage): Promise<void> {
  await ctx.realtime.publish(NOTIFICATION_TOPIC, body, { 'user-id': userId }, [address.user(userId)]);
}

interface NotifyOptions {
  recipientIds: string[];
  kind: NotificationKind;
  /** The text's parameters in a recipient's language (country names differ by language). */
  params: (language: NotificationLanguage) => NotificationParams;
  link?: string | null;
  data?: unknown;
  /**
   * Batches events: while a recipient has an unread notification with this key, it is updated (count + 1,
   * new text, moved to the top) instead of a new one being added.
   */
  batchKey?: string;
  /** How many events this stands for (several messages flushed at once); 1 by default. */
  increment?: number;
  /** Also mail each recipient the notification, in their language, with a link to it (see notificationMail). */
  mail?: boolean;
}

const languageOf = (language: string | null): NotificationLanguage =>
  language === 'fr' || language === 'ar' ? language : 'en';

/** `CASE id WHEN … THEN … END`: one value per row in a single UPDATE. */
function valueById(rows: { id: string }[], value: (i: number) => string | number): SQL {
  return sql.join(
    [sql`CASE ${notifications.id}`, ...rows.map((r, i) => sql`WHEN ${r.id} THEN ${value(i)}`), sql`END`],
    sql` `,
  );
}

/**
 * Writes one notification per recipient, in each recipient's language, then pushes each live. A few statements for
 * any number of recipients (a message in a room of many members who are away must not cost a transaction each): the
 * open batches read and locked at once, updated by one UPDATE, the new ones added by one INSERT, the unread counts
 * read by one grouped SELECT.
 */
export async function notify(ctx: AppContext, options: NotifyOptions): Promise<void> {
  const ids = [...new Set(options.recipientIds)];
  if (!ids.length) return;
  const increment = options.increment ?? 1;
  const recipients = await ctx.db
    .select({ id: users.id, language: users.language, email: users.email })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 'ACTIVE')));
  if (!recipients.length) return;
  const params = new Map<NotificationLanguage, NotificationParams>();
  const paramsIn = (lang: NotificationLanguage) => {
    if (!params.has(lang)) params.set(lang, options.params(lang));
    return params.get(lang)!;
  };
  const { rows, unread } = await ctx.db.transaction(async (tx) => {
    const open = options.batchKey
      ? await tx
          .select()
          .from(notifications)
          .where(
            and(
              inArray(
                notifications.recipientId,
                recipients.map((r) => r.id),
              ),
              eq(notifications.batchKey, options.batchKey),
              isNull(notifications.readAt),
            ),
          )
          .orderBy(notifications.createdAt)
          .for('update')
      : [];
    const openByRecipient = new Map(open.map((row) => [row.recipientId, row]));
    const toUpdate = [...openByRecipient.values()].map((row) => {
      const lang = languageOf(recipients.find((r) => r.id === row.recipientId)?.language ?? null);
      const total = row.count + increment;
      return { id: row.id, count: total, ...notificationText(options.kind, lang, { ...paramsIn(lang), count: total }) };
    });
    const updated = toUpdate.length
      ? await tx
          .update(notifications)
          .set({
            count: sql`(${valueById(toUpdate, (i) => toUpdate[i].count)})::int`,
            subject: valueById(toUpdate, (i) => toUpdate[i].subject),
            text: valueById(toUpdate, (i) => toUpdate[i].text),
            createdAt: new Date(),
          })
          .where(
            inArray(
              notifications.id,
              toUpdate.map((u) => u.id),
            ),
          )
          .returning()
      : [];
    const fresh = recipients.filter((r) => !openByRecipient.has(r.id));
    const inserted = fresh.length
      ? await tx
          .insert(notifications)
          .values(
            fresh.map((recipient) => {
              const lang = languageOf(recipient.language);
              const text = notificationText(options.kind, lang, { count: increment, ...paramsIn(lang) });
              return {
                recipientId: recipient.id,
                kind: options.kind,
                subject: text.subject,
                text: text.text,
                link: options.link ?? null,
                data: options.data ?? null,
                batchKey: options.batchKey ?? null,
                count: increment,
              };
            }),
          )
          .returning()
      : [];
    const counts = await tx
      .select({ recipientId: notifications.recipientId, n: count() })
      .from(notifications)
      .where(
        and(
          inArray(
            notifications.recipientId,
            recipients.map((r) => r.id),
          ),
          isNull(notifications.readAt),
        ),
      )
      .groupBy(notifications.recipientId);
    return { rows: [...updated, ...inserted], unread: new Map(counts.map((c) => [c.recipientId, c.n])) };
  });
  for (const row of rows) {
    await pushLive(ctx, row.recipientId, {
      type: 'NOTIFICATION',
      notification: presentNotification(row),
      unread: unread.get(row.recipientId) ?? 0,
    });
    if (options.mail) {
      const recipient = recipients.find((r) => r.id === row.recipientId)!;
      await mailNotification(ctx, recipient.email, languageOf(recipient.language), row);
    }
  }
}

/** A mail that failed is logged: the notification is stored and shown all the same. */
async function mailNotification(
  ctx: AppContext,
  to: string,
  lang: NotificationLanguage,
  row: NotificationRow,
): Promise<void> {
  const url = row.link ? `${ctx.config.publicUrl.replace(/\/$/, '')}${row.link}` : null;
  try {
    await ctx.mailer.send({ to, ...notificationMail(lang, row, url) });
  } catch (err) {
    ctx.log.error({ err, to, kind: row.kind }, 'notification mail failed');
  }
}

/** GET /notifications: one's notifications, newest first, a page at a time. */
export async function listNotifications(
  ctx: AppContext,
  { actor, page, size }: { actor: Actor; page: number; size: number },
): Promise<NotificationPage> {
  const { rows, total, unread } = await pageOf(ctx.db, actor.id, { limit: size, offset: page * size });
  return { content: rows.map(presentNotification), page, size, totalElements: total, unread };
}

/** GET /notifications/my: the header popover's latest 20 and the unread count. */
export async function myNotifications(ctx: AppContext, { actor }: { actor: Actor }): Promise<MyNotifications> {
  const { rows, unread } = await pageOf(ctx.db, actor.id, { limit: NOTIFICATION_POPOVER_SIZE, offset: 0 });
  return { notifications: rows.map(presentNotification), unread };
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
  return presentNotification(row);
}

/** POST /notifications/all: marks the given notifications of one's own read (all of them without ids). */
export async function markRead(
  ctx: AppContext,
  { actor, ids }: { actor: Actor; ids?: string[] },
): Promise<{ unread: number }> {
  const mine = and(eq(notifications.recipientId, actor.id), isNull(notifications.readAt));
  await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(ids ? and(mine, ids.length ? inArray(notifications.id, ids) : sql`false`) : mine);
  const unread = await unreadCount(ctx.db, actor.id);
  // Other tabs and devices of the same user update their bell too.
  await pushLive(ctx, actor.id, { type: 'UNREAD', unread });
  return { unread };
}

/** Active users of some roles, or of one country; never the one who acted. */
export async function activeUserIds(
  ctx: AppContext,
  where: { roles?: readonly Role[]; countryId?: number; except?: string },
): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        where.roles ? inArray(users.role, where.roles) : undefined,
        where.countryId !== undefined ? eq(users.countryId, where.countryId) : undefined,
        where.except ? ne(users.id, where.except) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
