import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  isStaff,
  isUuid,
  maySendRequest,
  parseSectorScheme,
  type OfferRequest,
  type RequestBody,
  type RequestLists,
  type AnswerRequestBody,
  type Sector,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { countries, offerRequests, offerVersions, offers, responseOffers, users } from '../../db/schema/index.js';
import { firstOr404, notFound, refusal } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { canSeeOffer } from '../offers/access.js';
import { serviceCodesLookup } from '../sectors/service.js';
import { ofRequestingCountry, visibleTo } from './access.js';
import { presentRequest, presentRequestSummary, type RequestRow } from './presenter.js';

const requesting = alias(countries, 'requesting_country');
const requested = alias(countries, 'requested_country');
const answerer = alias(users, 'answerer');
const latestVersion = alias(offerVersions, 'latest_version');

/** Requests with the names shown beside them; the offer's name is its latest submitted version's, never the draft's. */
function requestQuery(db: Db) {
  return db
    .select({
      request: offerRequests,
      offerName: sql<string>`coalesce(${latestVersion.snapshot}->>'name', ${offers.name})`,
      requestingCode: requesting.code,
      requestingName: requesting.name,
      requestedCode: requested.code,
      requestedName: requested.name,
      authorName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      answeredByName: sql<string | null>`${answerer.firstName} || ' ' || ${answerer.lastName}`,
    })
    .from(offerRequests)
    .innerJoin(offers, eq(offers.id, offerRequests.offerId))
    .leftJoin(latestVersion, and(eq(latestVersion.offerId, offers.id), eq(latestVersion.number, offers.versions)))
    .innerJoin(requesting, eq(requesting.id, offerRequests.requestingCountryId))
    .innerJoin(requested, eq(requested.id, offerRequests.requestedCountryId))
    .innerJoin(users, eq(users.id, offerRequests.authorId))
    .leftJoin(answerer, eq(answerer.id, offerRequests.answeredBy));
}

/** The request, or 404 when it does not exist, is not of that offer, or the actor may not see it. */
export async function requireVisibleRequest(
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  id: string,
): Promise<RequestRow> {
  if (!isUuid(offerId) || !isUuid(id)) throw notFound();
  return firstOr404(
    requestQuery(ctx.db)
      .where(and(eq(offerRequests.id, id), eq(offerRequests.offerId, offerId), visibleTo(actor)))
      .limit(1),
  );
}

interface TargetOffer {
  id: string;
  name: string;
  countryId: number;
}

/**
 * The offer a request is made to: another country's conditional offer (one it may see, submitted at least once), not
 * finalized, of an active country. A country's own offer is refused first: it is always visible to it.
 */
async function findRequestableOffer(ctx: AppContext, actor: Actor, offerId: string): Promise<TargetOffer> {
  if (!isUuid(offerId)) throw notFound();
  const offer = await firstOr404(
    ctx.db
      .select({
        id: offers.id,
        name: offers.name,
        countryId: offers.countryId,
        versions: offers.versions,
        status: offers.status,
        active: countries.active,
      })
      .from(offers)
      .innerJoin(countries, eq(countries.id, offers.countryId))
      .where(eq(offers.id, offerId))
      .limit(1),
  );
  if (offer.countryId === actor.countryId) throw refusal('REQUEST_OWN_COUNTRY');
  if (!canSeeOffer(actor, offer) || offer.versions === 0) throw refusal('REQUEST_NO_CONDITIONAL_OFFER');
  if (offer.status === 'FINAL_OFFER') throw refusal('REQUEST_OFFER_FINALIZED');
  if (!offer.active) throw refusal('COUNTRY_INACTIVE');
  return offer;
}

/**
 * Every service a requested sector names must be in the classification of its scheme (with the services the
 * secretariat added): a request asks for sectors that exist. The sector-choice rules were checked by the body schema.
 */
async function assertKnownSectors(db: Db, sectors: Sector[]): Promise<void> {
  const lookup = await serviceCodesLookup(db);
  for (const sector of sectors) {
    const scheme = parseSectorScheme(sector.type) ?? 'W120';
    const unknown = sector.services.find((s) => !lookup(scheme, s.value));
    if (unknown) throw refusal('REQUEST_UNKNOWN_SECTOR', unknown.value);
  }
}

/** Why a conditional update found the request changed by someone else: answered, withdrawn, or sent. */
async function refusalForChange(tx: Tx, id: string) {
  const [row] = await tx.select({ status: offerRequests.status }).from(offerRequests).where(eq(offerRequests.id, id));
  if (row?.status === 'WITHDRAWN') return refusal('REQUEST_WITHDRAWN');
  if (row?.status === 'ANSWERED') return refusal('REQUEST_ANSWERED');
  return refusal('REQUEST_NOT_DRAFT');
}

function requestEvent(row: RequestRow['request'], offerName: string, actor: Actor) {
  return {
    requestId: row.id,
    offerId: row.offerId,
    offerName,
    requestingCountryId: row.requestingCountryId,
    requestedCountryId: row.requestedCountryId,
    actorId: actor.id,
  };
}

/** GET /request-offer: the country's requests sent (its drafts included) and received; the secretariat's all sent. */
export async function listRequests(ctx: AppContext, { actor }: { actor: Actor }): Promise<RequestLists> {
  const rows = await requestQuery(ctx.db).where(visibleTo(actor)).orderBy(desc(offerRequests.createdAt));
  if (isStaff(actor.role)) return { sent: [], received: rows.map(presentRequestSummary) };
  return {
    sent: rows.filter((r) => r.request.requestingCountryId === actor.countryId).map(presentRequestSummary),
    received: rows.filter((r) => r.request.requestedCountryId === actor.countryId).map(presentRequestSummary),
  };
}

/** One request the actor may see. */
export async function getRequest(
  ctx: AppContext,
  { actor, offerId, id }: { actor: Actor; offerId: string; id: string },
): Promise<OfferRequest> {
  return presentRequest(actor, await requireVisibleRequest(ctx, actor, offerId, id));
}

type ParsedRequestBody = Required<Pick<RequestBody, 'note' | 'submitted'>> & { sectors: Sector[] };

/**
 * A country writes a request to another country's conditional offer: a draft, or sent at once (submitted) by its
 * chief negotiator; a focal point's submitted: true is refused rather than quietly kept a draft.
 */
export async function createRequest(
  ctx: AppContext,
  { actor, offerId, body, meta }: { actor: Actor; offerId: string; body: ParsedRequestBody; meta: RequestMeta },
): Promise<OfferRequest> {
  if (actor.countryId === null) throw refusal('OFFER_NO_COUNTRY');
  const offer = await findRequestableOffer(ctx, actor, offerId);
  if (body.submitted && !maySendRequest(actor.role)) throw refusal('REQUEST_SEND_NOT_ALLOWED');
  await assertKnownSectors(ctx.db, body.sectors);
  const now = new Date();
  const send = body.submitted;
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(offerRequests)
      .values({
        offerId,
        requestingCountryId: actor.countryId!,
        requestedCountryId: offer.countryId,
        authorId: actor.id,
        note: body.note,
        sectors: body.sectors,
        status: send ? 'SENT' : 'DRAFT',
        sentAt: send ? now : null,
        sentBy: send ? actor.id : null,
      })
      .returning({ id: offerRequests.id });
    await writeAudit(tx, {
      action: 'REQUEST_CREATED',
      logUser: actor.email,
      value: { offerId, requestId: row!.id, sectors: body.sectors.length, sent: send },
      meta,
    });
    if (send)
      await writeAudit(tx, {
        action: 'REQUEST_SENT',
        logUser: actor.email,
        value: { offerId, requestId: row!.id },
        meta,
      });
    return row!.id;
  });
  return presentSaved(ctx, actor, offerId, id, send ? body.sectors.length : null);
}

/** A request as just saved, as its author sees it; sending it (sectorCount given) is announced to the other side. */
async function presentSaved(
  ctx: AppContext,
  actor: Actor,
  offerId: string,
  id: string,
  sentSectorCount: number | null,
): Promise<OfferRequest> {
  const saved = await requireVisibleRequest(ctx, actor, offerId, id);
  if (sentSectorCount !== null)
    ctx.events.emit('request.sent', {
      ...requestEvent(saved.request, saved.offerName, actor),
      sectorCount: sentSectorCount,
    });
  return presentRequest(actor, saved);
}

/** What a service that changes one request is given: the caller, the request (its offer and id), the audit meta. */
export interface RequestChange {
  actor: Actor;
  offerId: string;
  id: string;
  meta: RequestMeta;
}

/** PUT: the requesting country changes its draft; submitted: true sends it (chief negotiator). */
export async function saveRequest(
  ctx: AppContext,
  { actor, offerId, id, body, meta }: RequestChange & { body: ParsedRequestBody },
): Promise<OfferRequest> {
  const current = await requireVisibleRequest(ctx, actor, offerId, id);
  if (!ofRequestingCountry(actor, current.request)) throw refusal('REQUEST_NOT_REQUESTING_COUNTRY');
  if (current.request.status === 'WITHDRAWN') throw refusal('REQUEST_WITHDRAWN');
  if (current.request.status !== 'DRAFT') throw refusal('REQUEST_NOT_DRAFT');
  if (body.submitted && !maySendRequest(actor.role)) throw refusal('REQUEST_SEND_NOT_ALLOWED');
  await findRequestableOffer(ctx, actor, offerId);
  await assertKnownSectors(ctx.db, body.sectors);
  const send = body.submitted;
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(offerRequests)
      .set({
        note: body.note,
        sectors: body.sectors,
        updatedAt: now,
        ...(send ? { status: 'SENT' as const, sentAt: now, sentBy: actor.id } : {}),
      })
      .where(and(eq(offerRequests.id, id), eq(offerRequests.status, 'DRAFT')))
      .returning({ id: offerRequests.id });
    if (changed.length === 0) throw refusal('REQUEST_NOT_DRAFT');
    await writeAudit(tx, {
      action: send ? 'REQUEST_SENT' : 'REQUEST_SAVED',
      logUser: actor.email,
      value: { offerId, requestId: id, sectors: body.sectors.length },
      meta,
    });
  });
  return presentSaved(ctx, actor, offerId, id, send ? body.sectors.length : null);
}

/**
 * The requested country's chief negotiator answers a sent request once: by a submitted version of the offer
 * requested, by a counter offer it sent to the requesting country's offer, and/or with a note.
 */
export async function answerRequest(
  ctx: AppContext,
  { actor, offerId, id, body, meta }: RequestChange & { body: AnswerRequestBody },
): Promise<OfferRequest> {
  const current = await requireVisibleRequest(ctx, actor, offerId, id);
  const q = current.request;
  if (actor.countryId !== q.requestedCountryId || !maySendRequest(actor.role))
    throw refusal('REQUEST_NOT_REQUESTED_COUNTRY');
  if (q.status === 'WITHDRAWN') throw refusal('REQUEST_WITHDRAWN');
  if (q.status === 'ANSWERED') throw refusal('REQUEST_ANSWERED');
  const versionNumber = body.versionNumber ?? null;
  const responseId = body.responseId ?? null;
  if (versionNumber !== null) {
    const [offer] = await ctx.db.select({ versions: offers.versions }).from(offers).where(eq(offers.id, offerId));
    if (!offer || versionNumber > offer.versions) throw refusal('REQUEST_ANSWER_VERSION_UNKNOWN');
  }
  if (responseId !== null) {
    const [response] = isUuid(responseId)
      ? await ctx.db
          .select({ id: responseOffers.id })
          .from(responseOffers)
          .innerJoin(offers, eq(offers.id, responseOffers.offerId))
          .where(
            and(
              eq(responseOffers.id, responseId),
              eq(responseOffers.status, 'SENT'),
              eq(responseOffers.responderCountryId, q.requestedCountryId),
              eq(offers.countryId, q.requestingCountryId),
            ),
          )
      : [];
    if (!response) throw refusal('REQUEST_ANSWER_RESPONSE_UNKNOWN');
  }
  const note = (body.note ?? '').trim();
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(offerRequests)
      .set({
        status: 'ANSWERED',
        answeredAt: now,
        answeredBy: actor.id,
        answerVersionNumber: versionNumber,
        answerResponseId: responseId,
        answerNote: note,
        updatedAt: now,
      })
      .where(and(eq(offerRequests.id, id), eq(offerRequests.status, 'SENT')))
      .returning({ id: offerRequests.id });
    if (changed.length === 0) throw await refusalForChange(tx, id);
    await writeAudit(tx, {
      action: 'REQUEST_ANSWERED',
      logUser: actor.email,
      value: { offerId, requestId: id, versionNumber, responseId },
      meta,
    });
  });
  const saved = await requireVisibleRequest(ctx, actor, offerId, id);
  ctx.events.emit('request.answered', requestEvent(saved.request, saved.offerName, actor));
  return presentRequest(actor, saved);
}

/**
 * The requesting country takes its request back: a draft (any of its negotiators) or a sent request not yet answered
 * (its chief negotiator). An answered request stays on the record: 409.
 */
export async function withdrawRequest(
  ctx: AppContext,
  { actor, offerId, id, meta }: RequestChange,
): Promise<OfferRequest> {
  const current = await requireVisibleRequest(ctx, actor, offerId, id);
  const q = current.request;
  if (!ofRequestingCountry(actor, q)) throw refusal('REQUEST_NOT_REQUESTING_COUNTRY');
  if (q.status === 'ANSWERED') throw refusal('REQUEST_ANSWERED');
  if (q.status === 'WITHDRAWN') throw refusal('REQUEST_WITHDRAWN');
  if (q.status === 'SENT' && !maySendRequest(actor.role)) throw refusal('REQUEST_SEND_NOT_ALLOWED');
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const changed = await tx
      .update(offerRequests)
      .set({ status: 'WITHDRAWN', withdrawnAt: now, withdrawnBy: actor.id, updatedAt: now })
      .where(and(eq(offerRequests.id, id), eq(offerRequests.status, q.status)))
      .returning({ id: offerRequests.id });
    // Answered or withdrawn meanwhile by someone else.
    if (changed.length === 0) throw await refusalForChange(tx, id);
    await writeAudit(tx, {
      action: 'REQUEST_WITHDRAWN',
      logUser: actor.email,
      value: { offerId, requestId: id, wasSent: q.status === 'SENT' },
      meta,
    });
  });
  const saved = await requireVisibleRequest(ctx, actor, offerId, id);
  if (q.status === 'SENT') ctx.events.emit('request.withdrawn', requestEvent(saved.request, saved.offerName, actor));
  return presentRequest(actor, saved);
}
