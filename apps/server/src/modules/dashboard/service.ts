import { and, asc, desc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { isStaff, type Dashboard } from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { isLatestVersion } from '../offers/latest-version.js';
import { countries, offerRequests, offerVersions, offers, responseOffers } from '../../db/schema/index.js';
import { countriesWithoutOffer } from '../offers/lists.js';
import { listContactRooms, listOfferRooms } from '../chat/rooms.js';
import { openEntryCounts } from '../responses/entries.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** The caller's country's offer, its status and the secretariat's last comment on a version. */
async function myOffer(ctx: AppContext, countryId: number): Promise<Dashboard['myOffer']> {
  const [offer] = await ctx.db
    .select({
      id: offers.id,
      name: offers.name,
      status: offers.status,
      versions: offers.versions,
      at: offers.updatedAt,
    })
    .from(offers)
    .where(eq(offers.countryId, countryId));
  if (!offer) return null;
  const [comment] = await ctx.db
    .select({ text: offerVersions.comment, number: offerVersions.number, at: offerVersions.decidedAt })
    .from(offerVersions)
    .where(and(eq(offerVersions.offerId, offer.id), isNotNull(offerVersions.comment), ne(offerVersions.comment, '')))
    .orderBy(desc(offerVersions.number))
    .limit(1);
  return {
    offerId: offer.id,
    name: offer.name,
    status: offer.versions > 0 ? offer.status : 'IN_PROGRESS',
    versions: offer.versions,
    updatedAt: iso(offer.at),
    lastComment: comment
      ? { text: comment.text ?? '', versionNumber: comment.number, at: comment.at ? iso(comment.at) : null }
      : null,
    link: `/edit-offer/${offer.id}`,
  };
}

/** Requests sent to the caller's country and not answered yet, oldest first. */
async function receivedRequests(ctx: AppContext, countryId: number): Promise<NonNullable<Dashboard['requests']>> {
  const rows = await ctx.db
    .select({ request: offerRequests, code: countries.code, name: countries.name })
    .from(offerRequests)
    .innerJoin(countries, eq(countries.id, offerRequests.requestingCountryId))
    .where(and(eq(offerRequests.requestedCountryId, countryId), eq(offerRequests.status, 'SENT')))
    .orderBy(asc(offerRequests.sentAt));
  return rows.map(({ request: q, code, name }) => ({
    requestId: q.id,
    offerId: q.offerId,
    requestingCountryCode: code,
    requestingCountryName: name,
    sectorCount: q.sectors.length,
    sentAt: iso(q.sentAt ?? q.createdAt),
    link: `/request-offer/${q.offerId}/${q.id}`,
  }));
}

/**
 * Counter offers sent on the caller's country's offer with entries still open: one whose every entry is decided is
 * answered, and a finalized offer closes what is left open ("not taken up"). Oldest first.
 */
async function receivedCounterOffers(
  ctx: AppContext,
  countryId: number,
): Promise<NonNullable<Dashboard['counterOffers']>> {
  const rows = await ctx.db
    .select({ response: responseOffers, code: countries.code, name: countries.name })
    .from(responseOffers)
    .innerJoin(offers, eq(offers.id, responseOffers.offerId))
    .innerJoin(countries, eq(countries.id, responseOffers.responderCountryId))
    .where(and(eq(offers.countryId, countryId), eq(responseOffers.status, 'SENT'), ne(offers.status, 'FINAL_OFFER')))
    .orderBy(asc(responseOffers.sentAt));
  const open = await openEntryCounts(
    ctx,
    rows.map((r) => r.response),
  );
  return rows
    .filter(({ response: r }) => (open.get(r.id) ?? 0) > 0)
    .map(({ response: r, code, name }) => ({
      responseId: r.id,
      offerId: r.offerId,
      responderCountryCode: code,
      responderCountryName: name,
      versionNumber: r.versionNumber,
      sentAt: iso(r.sentAt ?? r.createdAt),
      link: `/view-response-offer/${r.id}`,
    }));
}

/**
 * Rooms with messages the caller has not read, by the chat's own read marks (the counts the messaging screen shows),
 * the most recently active first: contact rooms and the negotiation rooms of the three lists.
 */
async function unreadRooms(ctx: AppContext, actor: Actor): Promise<Dashboard['rooms']> {
  const [contact, offer] = await Promise.all([listContactRooms(ctx, { actor }), listOfferRooms(ctx, { actor })]);
  const seen = new Set<string>();
  return [...contact, ...offer.received, ...offer.sender, ...offer.invitation]
    .filter((room) => room.unread > 0 && !seen.has(room.id) && seen.add(room.id))
    .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt))
    .map((room) => ({
      roomId: room.id,
      title: room.title,
      unread: room.unread,
      lastAt: room.lastMessageAt,
      link: `/chat/${room.id}/0`,
    }));
}

/** Versions awaiting the secretariat's decision (initial or revised offers), the oldest submission first. */
async function awaitingDecision(ctx: AppContext): Promise<NonNullable<Dashboard['awaitingDecision']>> {
  const rows = await ctx.db
    .select({
      offerId: offers.id,
      countryCode: countries.code,
      countryName: countries.name,
      name: sql<string>`coalesce(${offerVersions.snapshot} ->> 'name', ${offers.name})`,
      status: offers.status,
      versionNumber: offers.versions,
      submittedAt: offerVersions.createdAt,
    })
    .from(offers)
    .innerJoin(countries, eq(countries.id, offers.countryId))
    .innerJoin(offerVersions, isLatestVersion(offerVersions))
    .where(and(gt(offers.versions, 0), inArray(offers.status, ['INITIAL_OFFER', 'REVISED_OFFER'])))
    .orderBy(asc(offerVersions.createdAt));
  return rows.map((r) => ({ ...r, submittedAt: iso(r.submittedAt), link: '/offers-validate' }));
}

/** What waits for the caller, by role (see dashboardSchema). */
export async function getDashboard(ctx: AppContext, { actor }: { actor: Actor }): Promise<Dashboard> {
  const country = !isStaff(actor.role) && actor.countryId !== null ? actor.countryId : null;
  const staff = isStaff(actor.role);
  const [mine, requests, counterOffers, rooms, waiting, without] = await Promise.all([
    country === null ? null : myOffer(ctx, country),
    country === null ? null : receivedRequests(ctx, country),
    country === null ? null : receivedCounterOffers(ctx, country),
    unreadRooms(ctx, actor),
    staff ? awaitingDecision(ctx) : null,
    staff ? countriesWithoutOffer(ctx) : null,
  ]);
  return {
    myOffer: mine,
    requests,
    counterOffers,
    rooms,
    awaitingDecision: waiting,
    countriesWithoutOffer:
      without?.map((c) => ({
        countryId: c.id,
        code: c.code,
        name: c.name,
        nameFr: c.nameFr,
        nameAr: c.nameAr,
        link: '/add-offer',
      })) ?? null,
  };
}
