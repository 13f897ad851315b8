import { and, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MESSAGES,
  RESPONSE_MESSAGES,
  isStaff,
  isUuid,
  type OfferDocument,
  type ResponseOffer,
  type ResponseSummary,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import { countries, offerVersions, offers, responseOffers, users } from '../../db/schema/index.js';
import { AppError, businessRule, forbidden, notFound } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { sanitizeDocument } from '../offers/document.js';
import { findVisibleOffer } from '../offers/service.js';
import { uploadFile } from '../files/service.js';

const offerCountry = alias(countries, 'offer_country');
const responderCountry = alias(countries, 'responder_country');

/** Commitment entries a counter offer marked as changed. */
export function countChangedEntries(doc: OfferDocument): number {
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

/** Responses the actor may see: the secretariat all; a country those it wrote and those answering its offers. */
function visibleTo(actor: Actor): SQL | undefined {
  if (isStaff(actor.role)) return undefined;
  if (actor.countryId === null) return eq(responseOffers.id, '00000000-0000-0000-0000-000000000000');
  return or(eq(responseOffers.responderCountryId, actor.countryId), eq(offers.countryId, actor.countryId));
}

function baseQuery(ctx: AppContext) {
  return ctx.db
    .select({
      response: responseOffers,
      offerName: offers.name,
      offerCountryCode: offerCountry.code,
      offerCountryName: offerCountry.name,
      responderCode: responderCountry.code,
      responderName: responderCountry.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(responseOffers)
    .innerJoin(offers, eq(offers.id, responseOffers.offerId))
    .innerJoin(offerCountry, eq(offerCountry.id, offers.countryId))
    .innerJoin(responderCountry, eq(responderCountry.id, responseOffers.responderCountryId))
    .innerJoin(users, eq(users.id, responseOffers.authorId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

function presentSummary(r: Row): ResponseSummary {
  return {
    id: r.response.id,
    offerId: r.response.offerId,
    offerName: r.offerName,
    offerCountryCode: r.offerCountryCode,
    offerCountryName: r.offerCountryName,
    versionNumber: r.response.versionNumber,
    responderCountryCode: r.responderCode,
    responderCountryName: r.responderName,
    authorName: `${r.firstName} ${r.lastName}`,
    pdfFileKey: r.response.pdfFileKey,
    createdAt: r.response.createdAt.toISOString(),
    changedEntries: countChangedEntries(r.response.document),
  };
}

async function findVisibleResponse(ctx: AppContext, actor: Actor, id: string): Promise<Row> {
  if (!isUuid(id)) throw notFound();
  const [row] = await baseQuery(ctx).where(and(eq(responseOffers.id, id), visibleTo(actor)));
  if (!row) throw notFound();
  return row;
}

/** A country answers the latest submitted version of another country's offer with a counter offer. */
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
  if (actor.countryId === null) throw forbidden(MESSAGES.offerNoCountry);
  const original = await findVisibleOffer(ctx.db, actor, offerId);
  const [mine] = await ctx.db.select().from(countries).where(eq(countries.id, actor.countryId));
  if (
    counterCountry !== undefined &&
    counterCountry !== null &&
    counterCountry !== mine.id &&
    String(counterCountry).toUpperCase() !== mine.code
  )
    throw forbidden();
  if (original.countryId === actor.countryId) throw businessRule(RESPONSE_MESSAGES.ownOffer);
  if (original.versions === 0) throw businessRule(RESPONSE_MESSAGES.notSubmitted);
  const [theirs] = await ctx.db
    .select({ active: countries.active })
    .from(countries)
    .where(eq(countries.id, original.countryId));
  if (!theirs.active) throw businessRule(MESSAGES.countryInactive);

  const document = sanitizeDocument(offer);
  const id = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(responseOffers)
      .values({
        offerId,
        versionNumber: original.versions,
        responderCountryId: actor.countryId!,
        authorId: actor.id,
        document,
      })
      .returning({ id: responseOffers.id });
    await writeAudit(tx, {
      action: 'OFFER_RESPONDED',
      logUser: actor.email,
      value: { offerId, responseId: row.id, version: original.versions },
      meta,
    });
    return row.id;
  });
  ctx.events.emit('offer.responded', {
    offerId,
    offerName: original.name,
    countryId: original.countryId,
    actorId: actor.id,
    responseId: id,
    respondingCountryId: actor.countryId,
  });
  return presentSummary(await findVisibleResponse(ctx, actor, id));
}

/** A counter offer with the version it answers. */
export async function getResponse(
  ctx: AppContext,
  { actor, id }: { actor: Actor; id: string },
): Promise<ResponseOffer> {
  const row = await findVisibleResponse(ctx, actor, id);
  const [version] = await ctx.db
    .select({ snapshot: offerVersions.snapshot })
    .from(offerVersions)
    .where(and(eq(offerVersions.offerId, row.response.offerId), eq(offerVersions.number, row.response.versionNumber)));
  return { ...presentSummary(row), document: row.response.document, original: version.snapshot };
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

/** Attaches the PDF of a counter offer (its author's country only); the spec's 'Something is wrong' on failure. */
export async function attachResponsePdf(
  ctx: AppContext,
  { actor, id, fileName, data, meta }: { actor: Actor; id: string; fileName: string; data: Buffer; meta: RequestMeta },
): Promise<ResponseSummary> {
  const row = await findVisibleResponse(ctx, actor, id);
  if (row.response.responderCountryId !== actor.countryId) throw forbidden();
  if (!/\.pdf$/i.test(fileName)) throw new AppError(415, RESPONSE_MESSAGES.pdfOnly, 'UNSUPPORTED_MEDIA_TYPE');
  let file;
  try {
    file = await uploadFile(ctx, { actor, fileName, data, meta });
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.status, RESPONSE_MESSAGES.uploadFailed, err.code);
    throw err;
  }
  await ctx.db.update(responseOffers).set({ pdfFileKey: file.fileKey }).where(eq(responseOffers.id, id));
  return presentSummary(await findVisibleResponse(ctx, actor, id));
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
