import { and, asc, eq, getTableColumns, is, sql, type Placeholder } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import {
  REGION_NAME,
  isStaff,
  writesCountryOffer,
  isUuid,
  offerNameFor,
  submitRefusal,
  type CreateOfferBody,
  type Offer,
  type OfferDocument,
  type OfferSaved,
  type OfferStatus,
  type SaveOfferBody,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { preparedPer } from '../../db/prepared.js';
import {
  countries,
  offerVersions,
  offers,
  regions,
  responseOffers,
  users,
  type OfferMeta,
} from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { forbidden, notFound, refusal, firstOr404 } from '../../errors.js';
import { only } from '../../lib/only.js';
import { writeAudit } from '../logs/service.js';
import { canEditOffer, canSeeOffer, offerSubmitRefusal, seesDraft } from './access.js';
import { prepareDocument } from './document.js';
import { leaseRefusal, moveLease, releaseLease, takeLease } from './lease.js';
import { serviceCodesLookup } from '../sectors/service.js';
import { presentOffer, versionsFor, type OfferContext } from './presenter.js';

type OfferRow = OfferMeta;
const { document: _document, sectorCount: _sectorCount, ...offerColumns } = getTableColumns(offers);
/** An offer's columns without its document (lists, saves, loads of the row). */
export const META = offerColumns;
const {
  snapshot: _snapshot,
  snapshotName: _snapshotName,
  sectorCount: _versionSectorCount,
  ...VERSION_META
} = getTableColumns(offerVersions);

/** The secretariat member who decided on a version. */
const decider = alias(users, 'decider');

/** The offer row, or 404 when it does not exist or the actor may not see it. */
export async function requireVisibleOffer(db: Db | Tx, actor: Actor, id: string): Promise<OfferRow> {
  const row = await loadOfferRow(db, id);
  if (!row || !canSeeOffer(actor, row)) throw notFound();
  return row;
}

/** The offer row without its document: by a value inside a transaction, by a placeholder when prepared. */
const offerRowQuery = (db: Db | Tx, id: string | Placeholder) =>
  db.select(META).from(offers).where(eq(offers.id, id)).limit(1);
/** Read on every open of an offer (its access check and the kept answer's stamp). */
const offerRowStatement = preparedPer((db) => offerRowQuery(db, sql.placeholder('id')).prepare('offer_row'));

/** The offer row without its document, or undefined. */
export async function loadOfferRow(db: Db | Tx, id: string): Promise<OfferRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = is(db, PgTransaction) ? await offerRowQuery(db, id) : await offerRowStatement(db as Db).execute({ id });
  return row;
}

// Offers, their versions and countries are never deleted: what a row already read points at is there.

/** A version the offer's row counts (1 to `versions`). */
async function loadSnapshot(db: Db | Tx, offerId: string, number: number): Promise<OfferDocument> {
  const row = only(
    await db
      .select({ snapshot: offerVersions.snapshot })
      .from(offerVersions)
      .where(and(eq(offerVersions.offerId, offerId), eq(offerVersions.number, number))),
  );
  return row.snapshot;
}

/** The draft of an offer whose row was read. */
async function loadDocument(db: Db | Tx, id: string): Promise<OfferDocument> {
  return only(await db.select({ document: offers.document }).from(offers).where(eq(offers.id, id))).document;
}

/**
 * A country with its names and its region's name, for the country an offer or a user belongs to (offers.country_id
 * and users.country_id reference it, and countries are never deleted).
 */
async function loadCountryWithRegion(db: Db | Tx, countryId: number) {
  return only(
    await db
      .select({
        id: countries.id,
        code: countries.code,
        name: countries.name,
        nameFr: countries.nameFr,
        nameAr: countries.nameAr,
        active: countries.active,
        regionName: regions.name,
      })
      .from(countries)
      .leftJoin(regions, eq(regions.id, countries.regionId))
      .where(eq(countries.id, countryId)),
  );
}

async function offerContext(db: Db | Tx, row: OfferRow): Promise<OfferContext> {
  const country = await loadCountryWithRegion(db, row.countryId);
  const versions = await db
    .select({
      version: VERSION_META,
      ...nameColumns(users),
      deciderFirstName: decider.firstName,
      deciderLastName: decider.lastName,
    })
    .from(offerVersions)
    .innerJoin(users, eq(users.id, offerVersions.authorId))
    .leftJoin(decider, eq(decider.id, offerVersions.decidedBy))
    .where(eq(offerVersions.offerId, row.id))
    .orderBy(asc(offerVersions.number));
  const responders = await db
    .selectDistinct({ name: countries.name })
    .from(responseOffers)
    .innerJoin(countries, eq(countries.id, responseOffers.responderCountryId))
    // A draft counter offer (a focal point's, not yet sent by the chief negotiator) has not answered anything yet.
    .where(and(eq(responseOffers.offerId, row.id), eq(responseOffers.status, 'SENT')))
    .orderBy(asc(countries.name));
  return {
    country,
    respondedBy: responders.map((r) => r.name),
    regionName: row.regionCreated ? REGION_NAME : (country.regionName ?? null),
    versions: versions.map((v) => ({
      ...v.version,
      authorName: `${v.firstName} ${v.lastName}`,
      decidedByName: v.deciderFirstName === null ? null : `${v.deciderFirstName} ${v.deciderLastName}`,
    })),
  };
}

/** An offer as the actor may see it: the draft for its country and the secretariat, else the latest submitted version. */
export async function getOffer(
  ctx: AppContext,
  { actor, id, row: known }: { actor: Actor; id: string; row?: OfferRow },
): Promise<Offer> {
  const row = known ?? (await requireVisibleOffer(ctx.db, actor, id));
  const context = await offerContext(ctx.db, row);
  if (seesDraft(actor, row))
    return presentOffer(actor, row, context, { document: await loadDocument(ctx.db, id), versionNumber: null });
  const latest = context.versions.at(-1)!;
  return presentOffer(actor, row, context, {
    document: await loadSnapshot(ctx.db, id, latest.number),
    versionNumber: latest.number,
  });
}

/** One submitted version of an offer, read-only. */
export async function getOfferVersion(
  ctx: AppContext,
  { actor, id, number }: { actor: Actor; id: string; number: number },
): Promise<Offer> {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  const context = await offerContext(ctx.db, row);
  const version = context.versions.find((v) => v.number === number);
  if (!version) throw notFound();
  return presentOffer(actor, row, context, {
    document: await loadSnapshot(ctx.db, id, number),
    versionNumber: version.number,
  });
}

export async function listVersions(ctx: AppContext, { actor, id }: { actor: Actor; id: string }) {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  const context = await offerContext(ctx.db, row);
  return versionsFor(actor, row, context.country.name, context.versions);
}

/** Who the actor creates an offer as (the /add-offer screen). */
export async function describeCreator(ctx: AppContext, { actor }: { actor: Actor }) {
  if (isStaff(actor.role) || actor.countryId === null) {
    return {
      countryNameCreator: null,
      countryIdCreator: null,
      regionNameCreator: REGION_NAME,
      regionCreated: true,
      name: '',
      existingOfferId: null,
    };
  }
  const country = await loadCountryWithRegion(ctx.db, actor.countryId);
  const [existing] = await ctx.db.select({ id: offers.id }).from(offers).where(eq(offers.countryId, actor.countryId));
  return {
    countryNameCreator: country.name,
    countryIdCreator: country.id,
    regionNameCreator: country.regionName,
    regionCreated: false,
    name: offerNameFor(country, actor.language),
    existingOfferId: existing?.id ?? null,
  };
}

async function storeVersion(tx: Tx, row: OfferRow, actor: Actor, document: OfferDocument) {
  const number = row.versions + 1;
  const status: OfferStatus = row.versions === 0 ? 'INITIAL_OFFER' : 'REVISED_OFFER';
  await tx.insert(offerVersions).values({ offerId: row.id, number, status, snapshot: document, authorId: actor.id });
  return { number, status: status as 'INITIAL_OFFER' | 'REVISED_OFFER' };
}

/** Creates a country's offer: for one's own country, or (the secretariat) for a country without an offer. */
export async function createOffer(
  ctx: AppContext,
  { actor, body, meta }: { actor: Actor; body: CreateOfferBody & { submittedToAU: boolean }; meta: RequestMeta },
): Promise<Offer> {
  const staff = isStaff(actor.role);
  let countryId: number;
  if (staff) {
    if (!body.countryIdCreator) throw refusal('OFFER_COUNTRY_REQUIRED');
    countryId = body.countryIdCreator;
  } else {
    if (actor.countryId === null || !writesCountryOffer(actor.role)) {
      throw refusal('OFFER_NO_COUNTRY');
    }
    if (body.countryIdCreator && body.countryIdCreator !== actor.countryId) throw forbidden();
    countryId = actor.countryId;
  }
  const country = await firstOr404(ctx.db.select().from(countries).where(eq(countries.id, countryId)));
  const notSubmitted = body.submittedToAU && submitRefusal(actor.role, { regionCreated: staff, latestStatus: null });
  if (notSubmitted) throw refusal(notSubmitted);

  const { submittedToAU, countryIdCreator: _ignored, ...rest } = body;
  const document = prepareDocument(rest as OfferDocument, await serviceCodesLookup(ctx.db));
  // The default title is stored in the language of the person creating the offer (their profile's).
  if (staff) document.name = offerNameFor(country, actor.language);
  else document.name ||= offerNameFor(country, actor.language);

  const { row, version } = await ctx.db.transaction(async (tx) => {
    const created = await firstOr404(
      tx
        .insert(offers)
        .values({
          countryId,
          creatorId: actor.id,
          updatedBy: actor.id,
          regionCreated: staff,
          name: document.name,
          document,
        })
        .onConflictDoNothing({ target: offers.countryId })
        .returning(META),
      () => refusal('OFFER_ALREADY_EXISTS'),
    );
    let version: Awaited<ReturnType<typeof storeVersion>> | null = null;
    let row = created;
    if (submittedToAU) {
      version = await storeVersion(tx, created, actor, document);
      row = only(
        await tx
          .update(offers)
          .set({ versions: 1, status: version.status, submittedToAU: true })
          .where(eq(offers.id, created.id))
          .returning(META),
      );
    }
    await writeAudit(tx, {
      action: 'OFFER_CREATED',
      logUser: actor.email,
      value: { offerId: created.id, country: country.code, submitted: submittedToAU },
      meta,
    });
    return { row, version };
  });
  emitOfferWritten(ctx, { offerId: row.id, offerName: row.name, countryId, actorId: actor.id }, row, version, true);
  return presentOffer(actor, row, await offerContext(ctx.db, row), { document, versionNumber: null });
}

/**
 * Tells of a write of the country's offer, after its commit: a submission when it made a version, a save of the draft
 * otherwise. Every write emits one, since what is kept in memory of the offer is dropped on these events.
 */
function emitOfferWritten(
  ctx: AppContext,
  event: { offerId: string; offerName: string; countryId: number; actorId: string },
  row: { revision: number },
  version: Awaited<ReturnType<typeof storeVersion>> | null,
  created: boolean,
): void {
  if (version) ctx.events.emit('offer.submitted', { ...event, versionNumber: version.number, status: version.status });
  else ctx.events.emit('offer.saved', { ...event, revision: row.revision, created });
}

/** Saves the draft (submittedToAU false) or submits it (true, a new immutable version), from a named revision. */
export async function saveOffer(
  ctx: AppContext,
  {
    actor,
    id,
    body,
    isEdited,
    meta,
  }: {
    actor: Actor;
    id: string;
    body: SaveOfferBody & { submittedToAU: boolean; revision: number };
    isEdited: boolean;
    meta: RequestMeta;
  },
): Promise<OfferSaved> {
  const current = await requireVisibleOffer(ctx.db, actor, id);
  if (current.status === 'FINAL_OFFER') throw refusal('OFFER_FINAL');
  if (!canEditOffer(actor, current)) throw forbidden();
  const refused = await leaseRefusal(ctx.db, actor, id);
  if (refused) throw refused;
  if (body.revision !== current.revision) throw refusal('OFFER_STALE');
  const { submittedToAU, revision, ...rest } = body;
  const notSubmitted = submittedToAU && offerSubmitRefusal(actor, current);
  if (notSubmitted) throw refusal(notSubmitted);
  const document = prepareDocument(rest as OfferDocument, await serviceCodesLookup(ctx.db));
  if (current.regionCreated) document.name = current.name;
  document.name ||= current.name;

  const { row, version } = await ctx.db.transaction(async (tx) => {
    // Again under the lease row's lock: a takeover between the check above and this write wins, and nothing is written.
    const lost = await leaseRefusal(tx, actor, id, true);
    if (lost) throw lost;
    const saved = await firstOr404(
      tx
        .update(offers)
        .set({
          document,
          name: document.name,
          submittedToAU,
          revision: sql`${offers.revision} + 1`,
          updatedAt: new Date(),
          updatedBy: actor.id,
        })
        .where(and(eq(offers.id, id), eq(offers.revision, revision)))
        .returning(META),
      () => refusal('OFFER_STALE'),
    );
    let row = saved;
    let version: Awaited<ReturnType<typeof storeVersion>> | null = null;
    if (submittedToAU) {
      version = await storeVersion(tx, saved, actor, document);
      row = only(
        await tx
          .update(offers)
          .set({ versions: version.number, status: version.status })
          .where(eq(offers.id, id))
          .returning(META),
      );
    }
    await writeAudit(tx, {
      action: submittedToAU ? 'OFFER_SUBMITTED' : 'OFFER_SAVED',
      logUser: actor.email,
      value: { offerId: id, revision: row.revision, version: version?.number ?? null, isEdited },
      meta,
    });
    return { row, version };
  });
  const event = { offerId: id, offerName: row.name, countryId: row.countryId, actorId: actor.id };
  emitOfferWritten(ctx, event, row, version, false);
  return { id: row.id, revision: row.revision, status: row.status };
}

/** The offer as an editor must find it before holding its lease: visible, not final, editable by the actor. */
async function findEditable(ctx: AppContext, actor: Actor, id: string) {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  if (row.status === 'FINAL_OFFER') throw refusal('OFFER_FINAL');
  if (!canEditOffer(actor, row)) throw forbidden();
  return row;
}

/**
 * Takes or renews the edit lease (lease.ts `takeLease`) of an offer the actor may edit. While another session holds it:
 * OFFER_OPEN_IN_OTHER_SESSION when it is the actor's own (they may take it over), NOT_OPEN when it is someone else's;
 * either changes nothing.
 */
export async function openForEditing(ctx: AppContext, { actor, id }: { actor: Actor; id: string }) {
  await findEditable(ctx, actor, id);
  return takeLease(ctx, actor, id);
}

/**
 * Moves the edit lease of an offer the actor may edit to their session from another of theirs (lease.ts
 * `moveLease`, POST /offers/:id/takeover), or takes it when free; a lease held by another user is NOT_OPEN.
 */
export async function takeOverEditing(ctx: AppContext, { actor, id }: { actor: Actor; id: string }) {
  await findEditable(ctx, actor, id);
  return moveLease(ctx, actor, id);
}

/** Gives the lease of an offer the actor sees back (cancel, save and exit); only the session holding it can. */
export async function closeForEditing(ctx: AppContext, { actor, id }: { actor: Actor; id: string }) {
  await requireVisibleOffer(ctx.db, actor, id);
  await releaseLease(ctx, actor, id);
}
