import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  RESPONSE_MESSAGES,
  counterOfferEntries,
  isStaff,
  isUuid,
  maySendCounterOffer,
  type OfferDocument,
  type ResponseOffer,
  type ResponseSummary,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { countries, offerVersions, offers, responseOffers, users } from '../../db/schema/index.js';
import { countryColumns, nameColumns } from '../../db/columns.js';
import { AppError, businessRule, conflict, forbidden, notFound, refusal, firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { sanitizeDocument, withSectorIds } from '../offers/document.js';
import { requireVisibleOffer } from '../offers/service.js';
import { uploadFile } from '../files/service.js';

const offerCountry = alias(countries, 'offer_country');
const responderCountry = alias(countries, 'responder_country');
/** A finalized offer takes no more counter offers (the spec's finalized message, in a counter offer's words). */
const offerFinalized = () => refusal('OFFER_FINALIZED');

/** Commitment entries a counter offer marked as changed. */
function countChangedEntries(doc: OfferDocument): number {
  let n = 0;
  for (const sector of doc.sectors) {
    for (const block of [
      sector.sectorCommitement.limitationsMA,
      sector.sectorCommitement.limitationsOnNationalTreatment,
    ]) {
      for (const mode of [
        'crossBorder',
        'consumptionAbroad',
        'commercialPresence',
        'presenceOfNaturalPersons',
      ] as const) {
        if (block[mode].hasChanged || block[mode].edited) n++;
      }
    }
  }
  return n;
}

/**
 * Responses the actor may see: a country those it wrote (drafts included) and those sent on its offers; the
 * secretariat those sent. A draft is the responder country's own business until its chief negotiator sends it.
 */
function visibleTo(actor: Actor): SQL | undefined {
  const sent = eq(responseOffers.status, 'SENT');
  if (isStaff(actor.role)) return sent;
  if (actor.countryId === null) return eq(responseOffers.id, '00000000-0000-0000-0000-000000000000');
  return or(eq(responseOffers.responderCountryId, actor.countryId), and(sent, eq(offers.countryId, actor.countryId)));
}

function baseQuery(ctx: AppContext) {
  return ctx.db
    .select({
      response: responseOffers,
      offerName: offers.name,
      offerStatus: offers.status,
      offerCountryId: offers.countryId,
      offerCountry: countryColumns(offerCountry),
      responder: countryColumns(responderCountry),
      ...nameColumns(users),
    })
    .from(responseOffers)
    .innerJoin(offers, eq(offers.id, responseOffers.offerId))
    .innerJoin(offerCountry, eq(offerCountry.id, offers.countryId))
    .innerJoin(responderCountry, eq(responderCountry.id, responseOffers.responderCountryId))
    .innerJoin(users, eq(users.id, responseOffers.authorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];
/** A counter offer row with its offer's name, status and country, its responder and author. */
export type ResponseRow = Row;

function presentSummary(r: Row): ResponseSummary {
  return {
    id: r.response.id,
    offerId: r.response.offerId,
    offerName: r.offerName,
    offerCountryCode: r.offerCountry.code,
    offerCountryName: r.offerCountry.name,
    versionNumber: r.response.versionNumber,
    responderCountryCode: r.responder.code,
    responderCountryName: r.responder.name,
    authorName: `${r.firstName} ${r.lastName}`,
    pdfFileKey: r.response.pdfFileKey,
    createdAt: r.response.createdAt.toISOString(),
    // The entries it changes as the comparison and the decisions count them; an older row without the count, its flags.
    changedEntries: r.response.entryCount ?? countChangedEntries(r.response.document),
    status: r.response.status,
    sentAt: r.response.sentAt?.toISOString() ?? null,
  };
}

/** The counter offer, or 404 when it does not exist or the actor may not see it. */
export async function requireVisibleResponse(ctx: AppContext, actor: Actor, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const row = await firstOr404(baseQuery(ctx).where(and(eq(responseOffers.id, id), visibleTo(actor))));
  return row;
}

/**
 * A country answers the latest submitted version of another country's offer with a counter offer. The chief
 * negotiator's is sent at once; a focal point's is a draft the chief negotiator sends (sendResponse), as a focal
 * point drafts the country's offer and the chief submits it. A finalized offer is not answered any more.
 */
export async function createResponse(
  ctx: AppContext,
  {
    actor,
    offerId,
    counterCountry,
    offer,
    meta,
  }: {
    actor: Actor;
    offerId: string;
    counterCountry?: string | number | null;
    offer: OfferDocument;
    meta: RequestMeta;
  },
): Promise<ResponseSummary> {
  if (actor.countryId === null) throw refusal('OFFER_NO_COUNTRY');
  const original = await requireVisibleOffer(ctx.db, actor, offerId);
  // Countries are never deleted: the actor's (users.country_id) and the offer's are there.
  const mine = only(await ctx.db.select().from(countries).where(eq(countries.id, actor.countryId)));
  if (
    counterCountry !== undefined &&
    counterCountry !== null &&
    counterCountry !== mine.id &&
    String(counterCountry).toUpperCase() !== mine.code
  )
    throw forbidden();
  if (original.countryId === actor.countryId) throw businessRule(RESPONSE_MESSAGES.ownOffer);
  if (original.versions === 0) throw businessRule(RESPONSE_MESSAGES.notSubmitted);
  if (original.status === 'FINAL_OFFER') throw offerFinalized();
  const theirs = only(
    await ctx.db.select({ active: countries.active }).from(countries).where(eq(countries.id, original.countryId)),
  );
  if (!theirs.active) throw refusal('COUNTRY_INACTIVE');

  const document = withSectorIds(sanitizeDocument(offer));
  const send = maySendCounterOffer(actor.role);
  const now = new Date();
  const entryCount = counterOfferEntries(await loadVersion(ctx, offerId, original.versions), document).length;
  const id = await ctx.db.transaction(async (tx) => {
    const row = only(
      await tx
        .insert(responseOffers)
        .values({
          offerId,
          versionNumber: original.versions,
          responderCountryId: actor.countryId!,
          authorId: actor.id,
          document,
          entryCount,
          status: send ? 'SENT' : 'DRAFT',
          sentAt: send ? now : null,
          sentBy: send ? actor.id : null,
        })
        .returning({ id: responseOffers.id }),
    );
    await writeAudit(tx, {
      action: send ? 'OFFER_RESPONDED' : 'COUNTER_OFFER_DRAFTED',
      logUser: actor.email,
      value: { offerId, responseId: row.id, version: original.versions },
      meta,
    });
    return row.id;
  });
  const event = {
    offerId,
    offerName: original.name,
    countryId: original.countryId,
    actorId: actor.id,
    responseId: id,
    respondingCountryId: actor.countryId,
  };
  ctx.events.emit(send ? 'offer.responded' : 'response.drafted', event);
  return presentSummary(await requireVisibleResponse(ctx, actor, id));
}

/**
 * The chief negotiator sends a draft counter offer of their country (one action, as it stands): the other country
 * sees it from then on and is told. Refused once the offer answered is finalized.
 */
export async function sendResponse(
  ctx: AppContext,
  { actor, id, meta }: { actor: Actor; id: string; meta: RequestMeta },
): Promise<ResponseSummary> {
  const row = await requireVisibleResponse(ctx, actor, id);
  if (row.response.responderCountryId !== actor.countryId || !maySendCounterOffer(actor.role)) throw forbidden();
  if (row.response.status !== 'DRAFT') throw conflict(RESPONSE_MESSAGES.alreadySent);
  // The offer answered (response_offers.offer_id references it; offers are never deleted).
  const original = only(
    await ctx.db
      .select({
        status: offers.status,
        versions: offers.versions,
        countryId: offers.countryId,
        active: countries.active,
      })
      .from(offers)
      .innerJoin(countries, eq(countries.id, offers.countryId))
      .where(eq(offers.id, row.response.offerId)),
  );
  if (original.status === 'FINAL_OFFER') throw offerFinalized();
  if (!original.active) throw refusal('COUNTRY_INACTIVE');
  // A draft answers the version it was made against; once the offer is revised it answers nothing the other country
  // still proposes.
  if (row.response.versionNumber < original.versions) throw refusal('COUNTER_OFFER_OUTDATED');
  await ctx.db.transaction(async (tx) => {
    const sent = await tx
      .update(responseOffers)
      .set({ status: 'SENT', sentAt: new Date(), sentBy: actor.id })
      .where(and(eq(responseOffers.id, id), eq(responseOffers.status, 'DRAFT')))
      .returning({ id: responseOffers.id });
    if (sent.length === 0) throw conflict(RESPONSE_MESSAGES.alreadySent);
    await writeAudit(tx, {
      action: 'OFFER_RESPONDED',
      logUser: actor.email,
      value: { offerId: row.response.offerId, responseId: id, version: row.response.versionNumber, draft: true },
      meta,
    });
  });
  ctx.events.emit('offer.responded', {
    offerId: row.response.offerId,
    offerName: row.offerName,
    countryId: original.countryId,
    actorId: actor.id,
    responseId: id,
    respondingCountryId: row.response.responderCountryId,
  });
  return presentSummary(await requireVisibleResponse(ctx, actor, id));
}

/** The snapshot of a submitted version of an offer. */
export async function loadVersion(ctx: AppContext, offerId: string, number: number): Promise<OfferDocument> {
  const [version] = await ctx.db
    .select({ snapshot: offerVersions.snapshot })
    .from(offerVersions)
    .where(and(eq(offerVersions.offerId, offerId), eq(offerVersions.number, number)));
  return version!.snapshot;
}

/** A counter offer with the version it answers. */
export async function getResponse(
  ctx: AppContext,
  { actor, id }: { actor: Actor; id: string },
): Promise<ResponseOffer> {
  const row = await requireVisibleResponse(ctx, actor, id);
  const original = await loadVersion(ctx, row.response.offerId, row.response.versionNumber);
  return { ...presentSummary(row), document: row.response.document, original };
}

/** Counter offers the actor may see, newest first, optionally of one offer. */
export async function listResponses(
  ctx: AppContext,
  { actor, offerId }: { actor: Actor; offerId?: string },
): Promise<ResponseSummary[]> {
  if (offerId && !isUuid(offerId)) return [];
  const rows = await baseQuery(ctx)
    .where(and(visibleTo(actor), offerId ? eq(responseOffers.offerId, offerId) : undefined))
    .orderBy(desc(responseOffers.createdAt));
  return rows.map(presentSummary);
}

/** Refuses, before any work, one who may not attach a counter offer's PDF: 404 unseen, 403 not its author's country. */
export async function assertMayAttachPdf(ctx: AppContext, { actor, id }: { actor: Actor; id: string }): Promise<void> {
  assertMayAttach(actor, await requireVisibleResponse(ctx, actor, id));
}

/**
 * The PDF of a counter offer is its author country's: anyone of that country while it is a draft; once sent in the
 * country's name, only those who may send one (a focal point does not replace what the chief negotiator sent).
 */
function assertMayAttach(actor: Actor, row: { response: { responderCountryId: number; status: string } }): void {
  if (row.response.responderCountryId !== actor.countryId) throw forbidden();
  if (row.response.status !== 'DRAFT' && !maySendCounterOffer(actor.role)) throw forbidden();
}

/** Attaches the PDF of a counter offer (its author's country only); the spec's 'Something is wrong' on failure. */
export async function attachResponsePdf(
  ctx: AppContext,
  { actor, id, fileName, data, meta }: { actor: Actor; id: string; fileName: string; data: Buffer; meta: RequestMeta },
): Promise<ResponseSummary> {
  assertMayAttach(actor, await requireVisibleResponse(ctx, actor, id));
  if (!/\.pdf$/i.test(fileName)) throw new AppError(415, RESPONSE_MESSAGES.pdfOnly, 'UNSUPPORTED_MEDIA_TYPE');
  let file;
  try {
    file = await uploadFile(ctx, { actor, fileName, data, meta });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.status, RESPONSE_MESSAGES.uploadFailed, err.code);
    throw err;
  }
  await ctx.db.update(responseOffers).set({ pdfFileKey: file.fileKey }).where(eq(responseOffers.id, id));
  return presentSummary(await requireVisibleResponse(ctx, actor, id));
}

/** Counter-offer PDFs are readable by whoever may see the counter offer. */
export const responseFileRule = {
  async canRead(ctx: AppContext, actor: Actor, key: string) {
    const [row] = await ctx.db
      .select({ id: responseOffers.id })
      .from(responseOffers)
      .innerJoin(offers, eq(offers.id, responseOffers.offerId))
      .where(and(eq(responseOffers.pdfFileKey, key), visibleTo(actor)));
    return !!row;
  },
  async isInUse(ctx: AppContext, key: string) {
    const [row] = await ctx.db
      .select({ id: responseOffers.id })
      .from(responseOffers)
      .where(inArray(responseOffers.pdfFileKey, [key]));
    return !!row;
  },
};
