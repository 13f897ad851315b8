import { eq, inArray } from 'drizzle-orm';
import type { RequestDiscussion } from '@portal/shared';
import type { AppContext } from '../../context.js';
import { countries, offerRequests, offers } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { findAnchoredMessage, insertAnchoredMessage } from '../chat/anchors.js';
import { publishStoredMessage } from '../chat/messages.js';
import { ensureOfferRoom } from '../chat/rooms.js';
import { announceRoom } from '../chat/unread.js';
import { requestAnchor, requestQuote } from './quote.js';
import { requireVisibleRequest, type RequestChange } from './service.js';

const countryName = (c: { name: string; nameFr: string; nameAr: string } | undefined, lang: string) =>
  !c ? '' : lang === 'fr' ? c.nameFr : lang === 'ar' ? c.nameAr : c.name;

/**
 * POST /request-offer/{offerId}/{requestId}/discuss: every request has a thread in the negotiation room of its two
 * countries — the room of the requested offer opened by the requesting country, the same room its "Discuss" on the
 * offer opens — created on first use, whoever of the two (or the secretariat) asks. The first "Discuss" posts a
 * message anchored to the request (each reader sees it in their language, with a link to the request), its text in
 * the author's language for clients that ignore anchors; later ones open the room only. A draft is the requesting
 * country's alone: refused.
 */
export async function discussRequest(
  ctx: AppContext,
  { actor, offerId, id, meta }: RequestChange,
): Promise<RequestDiscussion> {
  const found = await requireVisibleRequest(ctx, actor, offerId, id);
  const q = found.request;
  if (q.status === 'DRAFT') throw refusal('REQUEST_DRAFT_NOT_DISCUSSED');
  const names = await ctx.db
    .select()
    .from(countries)
    .where(inArray(countries.id, [q.requestingCountryId, q.requestedCountryId]));
  const requesting = names.find((c) => c.id === q.requestingCountryId);
  const requested = names.find((c) => c.id === q.requestedCountryId);
  const note = q.note.trim();
  const text = requestQuote(actor.language, {
    requesting: countryName(requesting, actor.language),
    requested: countryName(requested, actor.language),
    offerName: found.offerName,
    sectors: q.sectors,
    note,
  });
  const anchor = requestAnchor({
    offerId: q.offerId,
    requestId: q.id,
    offerName: found.offerName,
    requestingCountryCode: requesting?.code ?? '',
    requestedCountryCode: requested?.code ?? '',
    sectors: q.sectors,
    note,
  });
  const { roomId, quote, created } = await ctx.db.transaction(async (tx) => {
    // One quote whoever asks at once: the request row is the lock.
    await tx.select({ id: offerRequests.id }).from(offerRequests).where(eq(offerRequests.id, q.id)).for('update');
    const [offer] = await tx
      .select({ id: offers.id, versions: offers.versions, countryId: offers.countryId })
      .from(offers)
      .where(eq(offers.id, q.offerId));
    const { room, created } = await ensureOfferRoom(tx, { offer: offer!, sender: q.requestingCountryId, actor });
    if (await findAnchoredMessage(tx, { roomId: room.id, anchor: { kind: 'request', requestId: q.id } }))
      return { roomId: room.id, quote: null, created };
    const stored = await insertAnchoredMessage(tx, { roomId: room.id, senderId: actor.id, anchor, conversation: text });
    await writeAudit(tx, {
      action: 'REQUEST_DISCUSSED',
      logUser: actor.email,
      value: { offerId: q.offerId, requestId: q.id, roomId: room.id },
      meta,
    });
    return { roomId: room.id, quote: stored, created };
  });
  // A room made by this call appears in the lists of those concerned at once, like one opened from an offer.
  if (created) await announceRoom(ctx, roomId);
  if (quote) await publishStoredMessage(ctx, quote);
  return { roomId };
}
