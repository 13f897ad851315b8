import { and, eq, isNull } from 'drizzle-orm';
import { isUuid, roomTopic, type ChatMessage } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { chatMessages } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { findAccessibleRoom } from './access.js';
import { selectMessages } from './messages.js';

/**
 * One's own message, in a room one may still see: unknown, or in a room one is no longer in, is 404; someone else's
 * (or a join/exit line) 403 CHAT_MESSAGE_NOT_YOURS; already deleted 422 CHAT_MESSAGE_DELETED.
 */
async function ownMessage(ctx: AppContext, actor: Actor, messageId: string) {
  if (!isUuid(messageId)) throw refusal('CHAT_MESSAGE_NOT_FOUND');
  const [row] = await ctx.db.select().from(chatMessages).where(eq(chatMessages.id, messageId)).limit(1);
  if (!row || !(await findAccessibleRoom(ctx, actor, row.roomId))) throw refusal('CHAT_MESSAGE_NOT_FOUND');
  if (row.senderId !== actor.id || row.type !== 'NORMAL') throw refusal('CHAT_MESSAGE_NOT_YOURS');
  if (row.deletedAt) throw refusal('CHAT_MESSAGE_DELETED');
  return row;
}

/** The message as it now is, published to the room's live subscribers (their lists show the change at once). */
async function republish(ctx: AppContext, messageId: string): Promise<ChatMessage> {
  // Only called on a message `ownMessage` found: it is still there (a deletion keeps the row, marked).
  const message = only(await selectMessages(ctx, eq(chatMessages.id, messageId), { limit: 1 }));
  await ctx.realtime.publish(roomTopic(message.romes.id), message);
  return message;
}

/**
 * PUT /chats/message/{messageId}: the sender changes the text of their message. It is shown "edited"; the text
 * before and after go to the audit trail (one entry per edit), so the record of what was said is kept.
 */
export async function editMessage(
  ctx: AppContext,
  {
    actor,
    messageId,
    conversation,
    meta,
  }: { actor: Actor; messageId: string; conversation: string; meta: RequestMeta },
): Promise<ChatMessage> {
  const row = await ownMessage(ctx, actor, messageId);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(chatMessages)
      .set({ conversation, editedAt: new Date() })
      .where(and(eq(chatMessages.id, row.id), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id });
    if (!updated.length) throw refusal('CHAT_MESSAGE_DELETED');
    await writeAudit(tx, {
      action: 'CHAT_MESSAGE_EDITED',
      logUser: actor.email,
      value: { roomId: row.roomId, messageId: row.id, before: row.conversation, after: conversation },
      meta,
    });
  });
  return republish(ctx, row.id);
}

/**
 * DELETE /chats/message/{messageId}: the sender withdraws their message. It stays in the room as "deleted" (the
 * thread keeps its shape); its text and file key go to the audit trail.
 */
export async function deleteMessage(
  ctx: AppContext,
  { actor, messageId, meta }: { actor: Actor; messageId: string; meta: RequestMeta },
): Promise<ChatMessage> {
  const row = await ownMessage(ctx, actor, messageId);
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(chatMessages)
      .set({ deletedAt: new Date() })
      .where(and(eq(chatMessages.id, row.id), isNull(chatMessages.deletedAt)))
      .returning({ id: chatMessages.id });
    if (!updated.length) throw refusal('CHAT_MESSAGE_DELETED');
    await writeAudit(tx, {
      action: 'CHAT_MESSAGE_DELETED',
      logUser: actor.email,
      value: { roomId: row.roomId, messageId: row.id, before: row.conversation, file: row.fileKey },
      meta,
    });
  });
  return republish(ctx, row.id);
}
