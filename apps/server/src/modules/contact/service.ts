import { count, desc, eq } from 'drizzle-orm';
import type { ContactMessage } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { contactMessages } from '../../db/schema/index.js';
import { firstOr404 } from '../../errors.js';
import { writeAudit } from '../logs/service.js';

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
});

/** Stores a message from the public contact form. */
export async function receiveContactMessage(
  ctx: AppContext,
  { body, meta }: { body: Omit<ContactMessage, 'id' | 'createdAt' | 'repliedAt' | 'reply'>; meta: RequestMeta },
) {
  await ctx.db.insert(contactMessages).values({ ...body, ip: meta.ip });
}

/** The contact-us mailbox, newest first. */
export async function listContactMessages(ctx: AppContext, q: { page: number; size: number }) {
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    ctx.db.select({ total: count() }).from(contactMessages),
  ]);
  return { items: rows.map(present), total, page: q.page, size: q.size };
}

/** Replies to a message by mail and records the reply. */
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
  await ctx.mailer.send({
    to: row.email,
    subject: subject || `Re: ${row.subject}`,
    text: `${message}\n\n---\n${row.firstName} ${row.lastName} wrote:\n${row.message
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}\n`,
  });
  const [updated] = await ctx.db.transaction(async (tx) => {
    const result = await tx
      .update(contactMessages)
      .set({ reply: message, repliedBy: actor.id, repliedAt: new Date() })
      .where(eq(contactMessages.id, id))
      .returning();
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
