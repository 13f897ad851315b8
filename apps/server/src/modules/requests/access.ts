import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { isStaff, maySendRequest, writesCountryOffer, type RequestStatus } from '@portal/shared';
import type { Actor } from '../../context.js';
import { offerRequests } from '../../db/schema/index.js';

interface RequestParties {
  requestingCountryId: number;
  requestedCountryId: number;
  status: RequestStatus;
}

/**
 * Requests the actor may see: its country's own (drafts included) and those sent to its country; the secretariat
 * every request once sent. A request is the two countries' business: a third country never sees it.
 */
export function visibleTo(actor: Actor): SQL {
  const sent = isNotNull(offerRequests.sentAt);
  if (isStaff(actor.role)) return sent;
  if (actor.countryId === null) return sql`false`;
  return or(
    eq(offerRequests.requestingCountryId, actor.countryId),
    and(sent, eq(offerRequests.requestedCountryId, actor.countryId)),
  )!;
}

/** Of the requesting country: its negotiators write and change the request. */
export const ofRequestingCountry = (actor: Actor, row: RequestParties): boolean =>
  actor.countryId !== null && actor.countryId === row.requestingCountryId && writesCountryOffer(actor.role);

/** A draft of the actor's country: its negotiators edit it; the chief negotiator alone sends it. */
export const canEditRequest = (actor: Actor, row: RequestParties): boolean =>
  row.status === 'DRAFT' && ofRequestingCountry(actor, row);

/** The requested country's chief negotiator answers a request sent and not yet answered. */
export const canAnswerRequest = (actor: Actor, row: RequestParties): boolean =>
  row.status === 'SENT' && actor.countryId === row.requestedCountryId && maySendRequest(actor.role);

/** A draft any negotiator of the requesting country withdraws; a sent request only its chief negotiator. */
export const canWithdrawRequest = (actor: Actor, row: RequestParties): boolean =>
  ofRequestingCountry(actor, row) && (row.status === 'DRAFT' || (row.status === 'SENT' && maySendRequest(actor.role)));
