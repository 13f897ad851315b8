import { eq } from 'drizzle-orm';
import type { ChatAnchor } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { offers, responseOffers } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { publishStoredMessage } from '../chat/messages.js';
import { anchorIdentity, findAnchoredMessage, insertAnchoredMessage } from '../chat/anchors.js';
import { ensureOfferRoom } from '../chat/rooms.js';
import { announceRoom } from '../chat/unread.js';
import { entriesOf } from './entries.js';
import { requireVisibleResponse } from './service.js';

/** The stored wording of an anchored entry, for clients that do not read anchors: no ids, the two values. */
const fallbackText = (a: Extract<ChatAnchor, { kind: 'entry' }>) =>
  [[...a.sectorCodes, a.sectorTitle].filter(Boolean).join(' '), a.block, a.mode, `${a.original} → ${a.proposed}`]
    .filter(Boolean)
    .join(' · ');

/**
 * POST /response-offer/{id}/entries/{key}/discuss: the two countries' negotiation room (the countered offer's room
 * opened by the proposing country), with one message anchored to the entry: each reader sees it in their language,
 * with a link that opens the entry. A second "Discuss" on the same entry opens the room only.
 */
export async function discussEntry(
  ctx: AppContext,
  { actor, id, key, meta }: { actor: Actor; id: string; key: string; meta: RequestMeta },
): Promise<{ roomId: string }> {
  const row = await requireVisibleResponse(ctx, actor, id);
  if (row.response.status !== 'SENT') throw refusal('COUNTER_OFFER_NOT_SENT');
  const entry = (await entriesOf(ctx, row.response)).entries.find((e) => e.key === key);
  if (!entry) throw refusal('ENTRY_NOT_FOUND');
  const anchor: ChatAnchor = {
    kind: 'entry',
    responseId: id,
    offerId: row.response.offerId,
    entryKey: key,
    offerCountryCode: row.offerCountry.code,
    responderCountryCode: row.responder.code,
    sectorCodes: entry.sectorCodes,
    sectorTitle: entry.sectorTitle,
    part: entry.part,
    block: entry.block,
    mode: entry.mode,
    original: entry.original,
    proposed: entry.proposed,
  };
  const { roomId, stored, created } = await ctx.db.transaction(async (tx) => {
    // One anchored message whoever asks at once: the counter offer's row is the lock.
    await tx.select({ id: responseOffers.id }).from(responseOffers).where(eq(responseOffers.id, id)).for('update');
    const [offer] = await tx
      .select({ id: offers.id, versions: offers.versions, countryId: offers.countryId })
      .from(offers)
      .where(eq(offers.id, row.response.offerId));
    const { room, created } = await ensureOfferRoom(tx, {
      offer: offer!,
      sender: row.response.responderCountryId,
      actor,
    });
    if (await findAnchoredMessage(tx, { roomId: room.id, anchor: anchorIdentity(anchor) }))
      return { roomId: room.id, stored: null, created };
    const message = await insertAnchoredMessage(tx, {
      roomId: room.id,
      senderId: actor.id,
      anchor,
      conversation: fallbackText(anchor),
    });
    await writeAudit(tx, {
      action: 'COUNTER_OFFER_ENTRY_DISCUSSED',
      logUser: actor.email,
      value: { offerId: row.response.offerId, responseId: id, entry: key, roomId: room.id },
      meta,
    });
    return { roomId: room.id, stored: message, created };
  });
  if (created) await announceRoom(ctx, roomId);
  if (stored) await publishStoredMessage(ctx, stored);
  return { roomId };
}
