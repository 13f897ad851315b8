import { count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ContactArchivedFilter, ContactMessage, Language } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { contactMessages } from '../../db/schema/index.js';
import { firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { acknowledgementMail, replyMail, staffCopyMail } from './mail-texts.js';

type Row = typeof contactMessages.$inferSelect;
const present = (r: Row): ContactMessage => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  companyName: r.companyName,
  subject: r.subject,
  email: r.email,
  message: r.message,
  createdAt: r.createdAt.toISOString(),
  repliedAt: r.repliedAt?.toISOString() ?? null,
  reply: r.reply,
  archivedAt: r.archivedAt?.toISOString() ?? null,
});

type ContactBody = Omit<ContactMessage, 'id' | 'createdAt' | 'repliedAt' | 'reply' | 'archivedAt'>;

/**
 * Stores a message from the public contact form (after its captcha), then tells whoever needs to know:
 * the 'contact.received' event mails the visitor an acknowledgement in `language` and notifies staff.
 */
export async function receiveContactMessage(
  ctx: AppContext,
  { body, language, meta }: { body: ContactBody; language: Language; meta: RequestMeta },
) {
  const row = only(
    await ctx.db
      .insert(contactMessages)
      .values({ ...body, ip: meta.ip })
      .returning({ id: contactMessages.id }),
  );
  ctx.events.emit('contact.received', { messageId: row.id, language });
}

/** Mails the acknowledgement to the visitor and, when CONTACT_NOTIFY_EMAIL is set, a copy to the secretariat. */
export async function mailContactReceipt(
  ctx: AppContext,
  { messageId, language }: { messageId: string; language: Language },
) {
  const [row] = await ctx.db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1);
  if (!row) return;
  await ctx.mailer.send({ to: row.email, ...acknowledgementMail(language, row) });
  const notifyEmail = ctx.config.contact.notifyEmail;
  if (notifyEmail) {
    const mailbox = `${ctx.config.publicUrl.replace(/\/$/, '')}/backoffice/contactus`;
    await ctx.mailer.send({ to: notifyEmail, ...staffCopyMail(row, mailbox) });
  }
}

const ARCHIVED_FILTER: Record<ContactArchivedFilter | 'hide', SQL | undefined> = {
  hide: isNull(contactMessages.archivedAt),
  include: undefined,
  only: isNotNull(contactMessages.archivedAt),
};

/** The contact-us mailbox, newest first; archived messages only when asked for. */
export async function listContactMessages(
  ctx: AppContext,
  q: { page: number; size: number; archived?: ContactArchivedFilter },
) {
  const where = ARCHIVED_FILTER[q.archived ?? 'hide'];
  const [rows, { total }] = await Promise.all([
    ctx.db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ total: count() }).from(contactMessages).where(where).then(only),
  ]);
  return { items: rows.map(present), total, page: q.page, size: q.size };
}

/**
 * Archives a message (out of the default list) or brings it back. Archiving an archived message keeps its first
 * date; either way the answer is the message as it now is.
 */
export async function setContactArchived(ctx: AppContext, { id, archived }: { id: string; archived: boolean }) {
  const row = await firstOr404(ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)));
  if (Boolean(row.archivedAt) === archived) return present(row);
  const updated = await firstOr404(
    ctx.db
      .update(contactMessages)
      .set({ archivedAt: archived ? new Date() : null })
      .where(eq(contactMessages.id, id))
      .returning(),
  );
  return present(updated);
}

/** Replies to a message by mail (Reply-To: CONTACT_REPLY_TO when set) and records the reply. */
export async function replyToContactMessage(
  ctx: AppContext,
  {
    actor,
    id,
    message,
    subject,
    meta,
  }: { actor: Actor; id: string; message: string; subject?: string; meta: RequestMeta },
) {
  const row = await firstOr404(ctx.db.select().from(contactMessages).where(eq(contactMessages.id, id)));
  const replyTo = ctx.config.contact.replyTo;
  await ctx.mailer.send({
    to: row.email,
    ...(replyTo ? { replyTo } : {}),
    ...replyMail(actor.language, row, { message, subject }),
  });
  const updated = await ctx.db.transaction(async (tx) => {
    const result = await firstOr404(
      tx
        .update(contactMessages)
        .set({ reply: message, repliedBy: actor.id, repliedAt: new Date() })
        .where(eq(contactMessages.id, id))
        .returning(),
    );
    await writeAudit(tx, {
      action: 'CONTACT_REPLIED',
      logUser: actor.email,
      targetUser: row.email,
      value: { messageId: id },
      meta,
    });
    return result;
  });
  return present(updated);
}
