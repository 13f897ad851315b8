import { maySendRequest, type OfferRequest, type RequestSummary } from '@portal/shared';
import type { Actor } from '../../context.js';
import type { offerRequests } from '../../db/schema/index.js';
import { canAnswerRequest, canEditRequest, canWithdrawRequest } from './access.js';

/** A request row with the names a screen shows beside it (see requestQuery in service.ts). */
export interface RequestRow {
  request: typeof offerRequests.$inferSelect;
  offerName: string;
  requestingCode: string;
  requestingName: string;
  requestedCode: string;
  requestedName: string;
  authorName: string;
  answeredByName: string | null;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** One line of the lists: no note, no sectors, their count. */
export function presentRequestSummary(r: RequestRow): RequestSummary {
  const q = r.request;
  return {
    id: q.id,
    offerId: q.offerId,
    offerName: r.offerName,
    requestingCountryCode: r.requestingCode,
    requestingCountryName: r.requestingName,
    requestedCountryCode: r.requestedCode,
    requestedCountryName: r.requestedName,
    status: q.status,
    authorName: r.authorName,
    createdAt: q.createdAt.toISOString(),
    updatedAt: q.updatedAt.toISOString(),
    sentAt: iso(q.sentAt),
    answeredAt: iso(q.answeredAt),
    withdrawnAt: iso(q.withdrawnAt),
    sectorCount: q.sectors.length,
  };
}

/** One request in full, with what the actor may do with it. */
export function presentRequest(actor: Actor, r: RequestRow): OfferRequest {
  const q = r.request;
  const edit = canEditRequest(actor, q);
  return {
    ...presentRequestSummary(r),
    note: q.note,
    sectors: q.sectors,
    answer:
      q.status === 'ANSWERED'
        ? {
            versionNumber: q.answerVersionNumber,
            responseId: q.answerResponseId,
            note: q.answerNote ?? '',
            answeredByName: r.answeredByName ?? '',
          }
        : null,
    permissions: {
      edit,
      send: edit && maySendRequest(actor.role),
      answer: canAnswerRequest(actor, q),
      withdraw: canWithdrawRequest(actor, q),
    },
  };
}
