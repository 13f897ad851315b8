/**
 * Messages anchored to a request or to an entry of a counter offer. The anchor is stored beside the text: each reader's
 * screen writes it in their own language with a link to what it names, while `conversation` keeps the author's wording
 * for clients that do not know anchors (and for search and notifications).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { chatAnchorSchema, type ChatAnchor } from '@portal/shared';
import type { Db, Tx } from '../../db/client.js';
import { chatMessages } from '../../db/schema/index.js';

type MessageRow = typeof chatMessages.$inferSelect;

/** What identifies an anchor: the request, or the counter offer and its entry. */
export type AnchorIdentity =
  { kind: 'request'; requestId: string } | { kind: 'entry'; responseId: string; entryKey: string };

/** The identity of an anchor, as a JSON object the stored anchor contains. */
export function anchorIdentity(anchor: ChatAnchor): AnchorIdentity {
  return anchor.kind === 'request'
    ? { kind: 'request', requestId: anchor.requestId }
    : { kind: 'entry', responseId: anchor.responseId, entryKey: anchor.entryKey };
}

/**
 * Stores an anchored message in a room, inside the caller's transaction, and returns the row; once the transaction is
 * committed the caller publishes it with `publishStoredMessage(ctx, row)` (live subscribers, notifications).
 */
export async function insertAnchoredMessage(
  tx: Tx,
  {
    roomId,
    senderId,
    anchor,
    conversation,
  }: { roomId: string; senderId: string | null; anchor: ChatAnchor; conversation: string },
): Promise<MessageRow> {
  const [row] = await tx
    .insert(chatMessages)
    .values({
      roomId,
      senderId,
      type: 'NORMAL',
      messageType: 'MESSAGE',
      conversation,
      // Parsed so that only the schema's fields are stored, whatever the caller's object carries.
      anchor: chatAnchorSchema.parse(anchor),
    })
    .returning();
  return row!;
}

/**
 * The id of a room's message anchored to this request or entry (jsonb containment), or null: a second "Discuss"
 * opens the room without repeating it. A message its sender deleted does not count, so the next "Discuss" posts anew.
 */
export async function findAnchoredMessage(
  tx: Db | Tx,
  { roomId, anchor }: { roomId: string; anchor: AnchorIdentity },
): Promise<string | null> {
  const [row] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.roomId, roomId),
        isNull(chatMessages.deletedAt),
        sql`${chatMessages.anchor} @> ${JSON.stringify(anchor)}::jsonb`,
      ),
    )
    .limit(1);
  return row?.id ?? null;
}
