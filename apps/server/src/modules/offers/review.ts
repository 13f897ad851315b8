import { and, eq } from 'drizzle-orm';
import { awaitsReview, type Offer, type OfferStatus } from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { countries, offerVersions, offers } from '../../db/schema/index.js';
import { refusal } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { requireVisibleOffer, getOffer } from './service.js';

type Decision = 'validate' | 'return' | 'finalize';

const OUTCOME = { validate: 'COMMITMENT', return: 'RETURNED', finalize: 'FINAL_OFFER' } as const satisfies Record<
  Decision,
  OfferStatus
>;
const EVENT = { validate: 'offer.validated', return: 'offer.returned', finalize: 'offer.finalized' } as const;

/** Which latest-version statuses each decision applies to. */
function applies(decision: Decision, status: OfferStatus): boolean {
  if (decision === 'finalize') return awaitsReview(status) || status === 'COMMITMENT';
  return awaitsReview(status);
}

/**
 * The secretariat's decision on the latest submitted version: validate (COMMITMENT), send back with a
 * comment (RETURNED) or finalize (FINAL_OFFER). A finalized offer and an inactive country's offer refuse.
 */
export async function decideOffer(
  ctx: AppContext,
  {
    actor,
    id,
    decision,
    comment,
    meta,
  }: { actor: Actor; id: string; decision: Decision; comment?: string; meta: RequestMeta },
): Promise<Offer> {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  if (row.status === 'FINAL_OFFER') throw refusal('OFFER_FINAL');
  const country = only(
    await ctx.db.select({ active: countries.active }).from(countries).where(eq(countries.id, row.countryId)),
  );
  if (!country.active) throw refusal('COUNTRY_INACTIVE');
  if (row.versions === 0 || !applies(decision, row.status)) throw refusal('OFFER_NOT_AWAITING_REVIEW');

  const outcome = OUTCOME[decision];
  await ctx.db.transaction(async (tx) => {
    const updated = await tx
      .update(offers)
      .set({ status: outcome, updatedAt: new Date() })
      .where(and(eq(offers.id, id), eq(offers.status, row.status), eq(offers.versions, row.versions)))
      .returning({ id: offers.id });
    if (updated.length === 0) throw refusal('OFFER_STALE');
    await tx
      .update(offerVersions)
      .set({
        status: outcome,
        decidedBy: actor.id,
        decidedAt: new Date(),
        ...(decision === 'return' ? { comment } : {}),
      })
      .where(and(eq(offerVersions.offerId, id), eq(offerVersions.number, row.versions)));
    await writeAudit(tx, {
      action: `OFFER_${outcome}`,
      logUser: actor.email,
      value: { offerId: id, version: row.versions, ...(comment ? { comment } : {}) },
      meta,
    });
  });
  const base = {
    offerId: id,
    offerName: row.name,
    countryId: row.countryId,
    actorId: actor.id,
    versionNumber: row.versions,
  };
  if (decision === 'return') ctx.events.emit('offer.returned', { ...base, comment: comment ?? '' });
  else ctx.events.emit(EVENT[decision], base);
  return getOffer(ctx, { actor, id });
}
