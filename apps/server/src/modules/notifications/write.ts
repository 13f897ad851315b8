/** Writing notifications: the fan-out to recipients, batching, the live push and the mail that follow. */
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { NOTIFICATION_TOPIC, type Notification, type QueueMessage, type Role } from '@portal/shared';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import { notifications, users } from '../../db/schema/index.js';
import { address } from '../../realtime/broker.js';
import type { WrittenNotification } from './kept-pages.js';
import { presentNotification, type NotificationRow, type StoredParams } from './present.js';
import {
  notificationLanguage,
  notificationMail,
  notificationText,
  type NotificationKind,
  type NotificationLanguage,
  type NotificationParams,
} from './texts.js';

/** Tells one user's open browsers about a notification (or just the new unread count) over /topic/queue. */
export async function pushLive(ctx: AppContext, userId: string, body: QueueMessage): Promise<void> {
  await ctx.realtime.publish(NOTIFICATION_TOPIC, body, { 'user-id': userId }, [address.user(userId)]);
}

interface NotifyOptions {
  recipientIds: string[];
  kind: NotificationKind;
  /** The text's parameters in a recipient's language (country names differ by language). */
  params: (language: NotificationLanguage) => NotificationParams;
  link?: string | null;
  /** What the notification is about (offerId, roomId…), kept with it; its text's parameters are added to it. */
  data?: Record<string, unknown>;
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

/** A notification row as `row_to_json` writes it (column names as stored). */
interface StoredRow {
  id: string;
  recipient_id: string;
  kind: string;
  subject: string;
  text: string;
  link: string | null;
  data: unknown;
  batch_key: string | null;
  count: number;
  read_at: string | null;
  created_at: string;
}

const fromStored = (r: StoredRow): NotificationRow => ({
  id: r.id,
  recipientId: r.recipient_id,
  kind: r.kind,
  subject: r.subject,
  text: r.text,
  link: r.link,
  data: r.data,
  batchKey: r.batch_key,
  count: r.count,
  readAt: r.read_at === null ? null : new Date(r.read_at),
  createdAt: new Date(r.created_at),
});

interface BatchUpdate {
  id: string;
  /** The count read with the open batch: the update applies only if nobody changed it meanwhile. */
  expected: number;
  count: number;
  subject: string;
  text: string;
}

interface NewNotification {
  recipientId: string;
  subject: string;
  text: string;
}

/**
 * Writes a batch of notifications in ONE statement: the open batches updated (each only if still unread and as read),
 * the new ones inserted, and every written row returned with its recipient's unread count. The counts are read in the
 * statement's snapshot, from before its writes, so a new row adds one and an updated one (already unread) none; two
 * writes for one user at once each count without the other's row (kept-pages.ts forgets the popover then). The
 * rows go in as two JSON parameters, so the statement's text is the same for any batch: a PostgreSQL server plans it
 * once (db/client.ts PreparingClient). Times are whole milliseconds, as the API shows them: a kept popover then
 * orders what is written into it exactly as the database orders its page (kept-pages.ts).
 */
async function writeNotifications(
  db: Db,
  options: NotifyOptions,
  stored: Record<string, unknown>,
  updates: BatchUpdate[],
  inserts: NewNotification[],
): Promise<{ row: NotificationRow; unread: number }[]> {
  if (!updates.length && !inserts.length) return [];
  const data = JSON.stringify(stored);
  // Found by their ids (the primary key): `num_nulls(read_at) = 1` says "still unread" in a form the planner does not
  // match with the unread index, which it would otherwise walk whole when its statistics were taken while few
  // notifications were unread (80 ms a statement instead of 1.4, measured).
  const result = await db.execute(sql`
    with updated as (
      update ${notifications} as n
      set count = v.count, subject = v.subject, text = v.text, data = ${data}::jsonb,
        created_at = date_trunc('milliseconds', now())
      from json_to_recordset(${JSON.stringify(updates)}::json) as v(id uuid, expected int, count int, subject text, text text)
      where n.id = v.id and n.count = v.expected and num_nulls(n.read_at) = 1
      returning n.*, 0 as added),
    inserted as (
      insert into ${notifications} (recipient_id, kind, subject, text, link, data, batch_key, count, created_at)
      select i."recipientId", ${options.kind}, i.subject, i.text, ${options.link ?? null}, ${data}::jsonb,
        ${options.batchKey ?? null}, ${options.increment ?? 1}::int, date_trunc('milliseconds', now())
      from json_to_recordset(${JSON.stringify(inserts)}::json) as i("recipientId" uuid, subject text, text text)
      returning *, 1 as added),
    written as (select * from updated union all select * from inserted)
    select row_to_json(w) as row,
      (select count(*)::int from ${notifications} c where c.recipient_id = w.recipient_id and c.read_at is null) + w.added
        as unread
    from written w`);
  const rows = (result as unknown as { rows: { row: StoredRow | string; unread: number }[] }).rows;
  return rows.map((r) => ({
    row: fromStored(typeof r.row === 'string' ? (JSON.parse(r.row) as StoredRow) : r.row),
    unread: Number(r.unread),
  }));
}

/**
 * The active recipients among `ids`, each with their open (unread) notification of `batchKey` if any, oldest first:
 * prepared once, as every batch of chat messages reads it (no batch key: no open notification is looked for).
 */
const recipientsStatement = preparedPer((db) =>
  db
    .select({
      id: users.id,
      language: users.language,
      email: users.email,
      openId: notifications.id,
      openCount: notifications.count,
    })
    .from(users)
    .leftJoin(
      notifications,
      and(
        eq(notifications.recipientId, users.id),
        eq(notifications.batchKey, sql.placeholder('batchKey')),
        isNull(notifications.readAt),
      ),
    )
    .where(and(sql`${users.id} = any(${sql.placeholder('ids')}::uuid[])`, eq(users.status, 'ACTIVE')))
    .orderBy(notifications.createdAt)
    .prepare('notification_recipients'),
);

/** Rounds of reading and writing a batch of notifications raced by other writers before giving up (and saying so). */
const MAX_WRITE_ROUNDS = 20;

/** The last write of each batch under way in this instance, which the next write of the same batch waits for. */
const batchWrites = new Map<string, Promise<void>>();
/**
 * How long a write waits for the one before it in its batch: a write stuck on a slow database must not hold every later
 * notification of the batch (a room's) in memory; one written out of turn is caught by the rounds of `writeBatch`.
 */
const BATCH_TURN_MS = 10_000;

async function waitTurn(previous: Promise<void> | undefined): Promise<void> {
  if (!previous) return;
  const timer = new AbortController();
  await Promise.race([previous, sleep(BATCH_TURN_MS, undefined, { ref: false, signal: timer.signal }).catch(() => {})]);
  timer.abort();
}

/**
 * Writes one notification per recipient, with its text's parameters in every language (shown in the reader's when
 * read) and its subject and text in the recipient's, then pushes each live in the recipient's language. Two statements for any
 * number of recipients (a message in a room of many members who are away must not cost a transaction each): the
 * recipients read with their open batch, then every row written by one statement (`writeNotifications`). An open batch
 * changed meanwhile (read, or counted by another instance) is written again from a fresh read. The writes of one batch
 * run one after the other in an instance: two at once (two decisions on a counter offer a moment apart) each found no
 * open batch and wrote one, so the reader was told twice.
 */
export function notify(ctx: AppContext, options: NotifyOptions): Promise<void> {
  const key = options.batchKey;
  if (!key) return writeBatch(ctx, options);
  const written = waitTurn(batchWrites.get(key)).then(() => writeBatch(ctx, options));
  const settled = written.catch(() => undefined);
  batchWrites.set(key, settled);
  void settled.then(() => {
    if (batchWrites.get(key) === settled) batchWrites.delete(key);
  });
  return written;
}

async function writeBatch(ctx: AppContext, options: NotifyOptions): Promise<void> {
  let pending = [...new Set(options.recipientIds)];
  // The offer it is about travels with the live message, so that the client reads that offer and its lists again.
  const about = typeof options.data?.offerId === 'string' ? { offerId: options.data.offerId } : {};
  const increment = options.increment ?? 1;
  const params: Record<NotificationLanguage, NotificationParams> = {
    en: options.params('en'),
    fr: options.params('fr'),
    ar: options.params('ar'),
  };
  const stored: Record<string, unknown> & StoredParams = { ...options.data, params };
  // Each round writes at least one writer's batch (an update misses only because another one landed), so rounds end.
  for (let round = 0; pending.length && round < MAX_WRITE_ROUNDS; round++) {
    const found = await recipientsStatement(ctx.db).execute({ ids: pending, batchKey: options.batchKey ?? null });
    // One row per recipient: the newest open batch if there are several.
    const recipients = new Map(found.map((r) => [r.id, r]));
    const updates: BatchUpdate[] = [];
    const inserts: NewNotification[] = [];
    for (const r of recipients.values()) {
      const lang = notificationLanguage(r.language);
      if (r.openId !== null && r.openCount !== null) {
        const total = r.openCount + increment;
        updates.push({
          id: r.openId,
          expected: r.openCount,
          count: total,
          ...notificationText(options.kind, lang, params[lang], total),
        });
      } else {
        inserts.push({ recipientId: r.id, ...notificationText(options.kind, lang, params[lang], increment) });
      }
    }
    const popovers = ctx.notificationPages.versionsBefore(recipients.keys());
    let shown: (WrittenNotification & { row: NotificationRow })[];
    try {
      shown = (await writeNotifications(ctx.db, options, stored, updates, inserts)).map(({ row, unread }) => {
        const language = notificationLanguage(recipients.get(row.recipientId)?.language);
        return { row, userId: row.recipientId, language, notification: presentNotification(row, language), unread };
      });
      ctx.notificationPages.takeWrites(popovers, shown);
    } catch (err) {
      // A failed write may have been stored all the same: the popovers are read again.
      ctx.events.emit('notifications.changed', { userIds: [...recipients.keys()] });
      throw err;
    }
    const done = new Set(shown.map((w) => w.userId));
    pending = [...recipients.keys()].filter((id) => !done.has(id));
    for (const { row, userId, language, notification, unread } of shown) {
      await pushLive(ctx, userId, { type: 'NOTIFICATION', notification, unread, ...about });
      if (options.mail) await mailNotification(ctx, recipients.get(userId)!.email, language, notification, row);
    }
  }
  if (pending.length) ctx.log.error({ kind: options.kind, recipients: pending.length }, 'notifications not written');
}

/** A mail that failed is logged: the notification is stored and shown all the same. */
async function mailNotification(
  ctx: AppContext,
  to: string,
  lang: NotificationLanguage,
  notification: Notification,
  row: NotificationRow,
): Promise<void> {
  const url = row.link ? `${ctx.config.publicUrl.replace(/\/$/, '')}${row.link}` : null;
  try {
    await ctx.mailer.send({ to, ...notificationMail(lang, notification, url) });
  } catch (err) {
    ctx.log.error({ err, to, kind: row.kind }, 'notification mail failed');
  }
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
