/**
 * Where a value of an offer came from (DESIGN 13): read from the versions, the counter offers and the decisions,
 * never a second copy of the data. The editor marks the values accepted from counter offers since the last
 * submission; an entry's history lists the versions that changed its value and, for a value taken from a counter
 * offer, which country proposed it and who accepted it when.
 */
import { and, asc, eq } from 'drizzle-orm';
import {
  entryCellText,
  LIMITATION_BLOCK_OF,
  isModeOfSupply,
  sectorIdentity,
  type AcceptedEntry,
  type EntryHistory,
  type OfferDocument,
  type Sector,
} from '@portal/shared';
import type { Actor, AppContext } from '../../context.js';
import { countries, offerVersions, offers, responseDecisions, responseOffers, users } from '../../db/schema/index.js';
import { countryColumns, nameColumns } from '../../db/columns.js';
import { refusal } from '../../errors.js';
import { seesDraft } from '../offers/access.js';
import { requireVisibleOffer } from '../offers/service.js';
import type { Applied } from './apply.js';

/** Every accepted decision on counter offers to this offer, oldest first, with the proposing country. */
async function acceptedDecisions(ctx: AppContext, offerId: string) {
  const rows = await ctx.db
    .select({
      decision: responseDecisions,
      responseId: responseOffers.id,
      sentAt: responseOffers.sentAt,
      country: countryColumns(countries),
      ...nameColumns(users),
    })
    .from(responseDecisions)
    .innerJoin(responseOffers, eq(responseOffers.id, responseDecisions.responseId))
    .innerJoin(countries, eq(countries.id, responseOffers.responderCountryId))
    .leftJoin(users, eq(users.id, responseDecisions.decidedBy))
    .where(and(eq(responseOffers.offerId, offerId), eq(responseDecisions.decision, 'ACCEPTED')))
    .orderBy(asc(responseDecisions.decidedAt));
  return rows.map((r) => ({
    key: r.decision.entryKey,
    applied: r.decision.applied as unknown as Applied | null,
    decidedAt: r.decision.decidedAt,
    source: {
      responseId: r.responseId,
      countryCode: r.country.code,
      countryName: r.country.name,
      counterOfferSentAt: (r.sentAt ?? r.decision.decidedAt).toISOString(),
      decidedBy: r.firstName === null ? null : `${r.firstName} ${r.lastName}`,
      decidedAt: r.decision.decidedAt.toISOString(),
    },
  }));
}

async function versionsOf(ctx: AppContext, offerId: string) {
  return ctx.db
    .select({
      number: offerVersions.number,
      status: offerVersions.status,
      createdAt: offerVersions.createdAt,
      snapshot: offerVersions.snapshot,
    })
    .from(offerVersions)
    .where(eq(offerVersions.offerId, offerId))
    .orderBy(asc(offerVersions.number));
}

/**
 * GET /offers/{id}/accepted-entries: the values accepted from counter offers into the draft since its last
 * submission, where they stand in the draft (sector id, block, mode, field), for the editor's marks and banner: the
 * offer's own country and the secretariat only (others do not see the draft, 404). With `version`, those that went
 * into that submitted version (accepted after the version before it), for whoever sees the offer: the comparison of
 * two versions attributes them to the countries that proposed them.
 */
export async function acceptedEntries(
  ctx: AppContext,
  { actor, id, version }: { actor: Actor; id: string; version?: number },
) {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  const versions = await ctx.db
    .select({ number: offerVersions.number, createdAt: offerVersions.createdAt })
    .from(offerVersions)
    .where(eq(offerVersions.offerId, id))
    .orderBy(asc(offerVersions.number));
  let after = versions.at(-1)?.createdAt ?? new Date(0);
  let until = new Date(8.64e15);
  if (version !== undefined) {
    const at = versions.findIndex((v) => v.number === version);
    if (at < 0) throw refusal('ENTRY_NOT_FOUND');
    after = versions[at - 1]?.createdAt ?? new Date(0);
    until = versions[at]!.createdAt;
  } else if (!seesDraft(actor, row)) throw refusal('ENTRY_NOT_FOUND');
  const entries: AcceptedEntry[] = (await acceptedDecisions(ctx, id))
    .filter((d) => d.decidedAt > after && d.decidedAt <= until && d.applied)
    .map((d) => ({
      key: d.key,
      part: d.applied!.part,
      sectorId: d.applied!.sectorId,
      block: d.applied!.block,
      mode: d.applied!.mode,
      field: d.applied!.field,
      column: d.applied!.column,
      ...d.source,
    }));
  return { entries, count: entries.length };
}

/** The text of one entry of a sector (parsed from its key's block and field), '' when the sector has none. */
function sectorEntryText(sector: Sector | undefined, block: string, field: string): string {
  if (!sector) return '';
  const c = sector.sectorCommitement;
  if (block === 'MA' || block === 'NT') {
    const b = c[LIMITATION_BLOCK_OF[block]];
    if (field === 'comment') return b.comment.trim();
    return isModeOfSupply(field) ? entryCellText(b[field]) : '';
  }
  if (block === 'ADDITIONAL')
    return (field === 'comment' ? c.additionalCommitment.comment : c.additionalCommitment.commitment).trim();
  return sector.services.map((s) => `${s.value} ${s.title}`.trim()).join('; ');
}

/**
 * GET /offers/{id}/entries/{key}/history: the versions of one sector entry of an offer (key `s.<sector>.<block>.<field>`
 * as the offer's own entries are keyed), oldest first, each step where its value changed, with the counter offer it
 * was accepted from. Others than the offer's country and the secretariat see the submitted versions only.
 */
export async function entryHistory(
  ctx: AppContext,
  { actor, id, key }: { actor: Actor; id: string; key: string },
): Promise<EntryHistory> {
  const row = await requireVisibleOffer(ctx.db, actor, id);
  const [part, identity, block, field = '', ...rest] = key.split('.');
  const known =
    ((block === 'MA' || block === 'NT') && (field === 'comment' || isModeOfSupply(field))) ||
    (block === 'ADDITIONAL' && (field === 'comment' || field === 'commitment'));
  if (part !== 's' || !identity || !known || rest.length > 0) throw refusal('ENTRY_NOT_FOUND');
  const find = (doc: OfferDocument) => doc.sectors.find((s) => sectorIdentity(s) === identity);
  const docs: { version: number | null; status: string; at: Date; doc: OfferDocument }[] = (
    await versionsOf(ctx, id)
  ).map((v) => ({ version: v.number, status: v.status, at: v.createdAt, doc: v.snapshot }));
  if (seesDraft(actor, row)) {
    const [draft] = await ctx.db
      .select({ document: offers.document, updatedAt: offers.updatedAt })
      .from(offers)
      .where(eq(offers.id, id));
    docs.push({ version: null, status: 'DRAFT', at: draft!.updatedAt, doc: draft!.document });
  }
  if (!docs.some((d) => find(d.doc))) throw refusal('ENTRY_NOT_FOUND');
  const accepted = await acceptedDecisions(ctx, id);
  const steps: EntryHistory['steps'] = [];
  let previous: string | null = null;
  let since = new Date(0);
  for (const d of docs) {
    const sector = find(d.doc);
    const value = sectorEntryText(sector, block, field);
    if (sector && value !== previous) {
      // A value accepted between the previous version and this one, at this sector and entry, still held here.
      const from = accepted.find(
        (a) =>
          a.decidedAt > since &&
          a.decidedAt <= (d.version === null ? new Date() : d.at) &&
          a.applied?.sectorId === sector.sectorId &&
          a.applied.block === block &&
          (a.applied.mode ?? a.applied.field) === field,
      );
      steps.push({
        version: d.version,
        status: d.status,
        at: d.at.toISOString(),
        value,
        acceptedFrom: from ? from.source : null,
      });
    }
    previous = sector ? value : previous;
    since = d.at;
  }
  return { key, steps };
}
