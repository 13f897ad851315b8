/**
 * A counter offer answered entry by entry (DESIGN 13): the answering country accepts, declines or leaves open each
 * entry the counter offer changes. A decision is a row; accepting writes the proposed value into the answering
 * country's draft under the rules of a save (lease, revision, audit), never submits it; declining or reopening takes
 * an accepted value back out while the draft still holds it. A finalized offer's open entries read "not taken up".
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  counterOfferEntries,
  writesCountryOffer,
  type ChangedEntry,
  type EntryDecision,
  type OfferDocument,
  type ResponseEntries,
  type ResponseEntry,
} from '@portal/shared';
import type { Actor, AppContext, RequestMeta } from '../../context.js';
import type { Tx } from '../../db/client.js';
import { offerLeases, offers, responseDecisions, responseOffers, users } from '../../db/schema/index.js';
import { nameColumns } from '../../db/columns.js';
import { type AppError, refusal } from '../../errors.js';
import { writeAudit } from '../logs/service.js';
import { acceptInto, takeOut, type Applied } from './apply.js';
import { requireVisibleResponse, loadVersion, type ResponseRow } from './service.js';

type DecisionRow = typeof responseDecisions.$inferSelect & { firstName: string | null; lastName: string | null };

/** The entries of a stored counter offer against the version it answers. */
export async function entriesOf(
  ctx: AppContext,
  response: { offerId: string; versionNumber: number; document: OfferDocument },
): Promise<{ entries: ChangedEntry[]; version: OfferDocument }> {
  const version = await loadVersion(ctx, response.offerId, response.versionNumber);
  return { entries: counterOfferEntries(version, response.document), version };
}

async function decisionsOf(db: AppContext['db'] | Tx, responseId: string): Promise<DecisionRow[]> {
  const rows = await db
    .select({ decision: responseDecisions, ...nameColumns(users) })
    .from(responseDecisions)
    .leftJoin(users, eq(users.id, responseDecisions.decidedBy))
    .where(eq(responseDecisions.responseId, responseId));
  return rows.map((r) => ({ ...r.decision, firstName: r.firstName, lastName: r.lastName }));
}

function present(entry: ChangedEntry, row: DecisionRow | undefined, finalized: boolean): ResponseEntry {
  const notTakenUp = !row && finalized;
  return {
    key: entry.key,
    sectorCodes: entry.sectorCodes,
    sectorTitle: entry.sectorTitle,
    part: entry.part,
    block: entry.block,
    mode: entry.mode,
    field: entry.field,
    kind: entry.kind,
    original: entry.original,
    proposed: entry.proposed,
    decision: row?.decision ?? (notTakenUp ? 'DECLINED' : 'OPEN'),
    note: row?.note ?? null,
    decidedBy: row && row.firstName !== null ? `${row.firstName} ${row.lastName ?? ''}`.trim() : null,
    decidedAt: row?.decidedAt.toISOString() ?? null,
    notTakenUp,
  };
}

/** May the actor decide on this counter offer's entries: the answering country's writers, once it is sent. */
const mayDecide = (actor: Actor, r: ResponseRow) =>
  r.response.status === 'SENT' && actor.countryId === r.offerCountryId && writesCountryOffer(actor.role);

/** GET /response-offer/{id}/entries: every entry the counter offer changes, with its decision, and the counts. */
export async function listEntries(
  ctx: AppContext,
  { actor, id }: { actor: Actor; id: string },
): Promise<ResponseEntries> {
  const row = await requireVisibleResponse(ctx, actor, id);
  const { entries } = await entriesOf(ctx, row.response);
  const byKey = new Map((await decisionsOf(ctx.db, id)).map((d) => [d.entryKey, d]));
  const finalized = row.offerStatus === 'FINAL_OFFER';
  const shown = entries.map((e) => present(e, byKey.get(e.key), finalized));
  const count = (d: EntryDecision) => shown.filter((e) => e.decision === d).length;
  return {
    entries: shown,
    summary: { open: count('OPEN'), accepted: count('ACCEPTED'), declined: count('DECLINED') },
    mayDecide: mayDecide(actor, row) && !finalized,
  };
}

/** A 409 that carries the entry as it now stands, so the screen shows the new state. */
function entryConflict(entry: ResponseEntry): AppError {
  const error = refusal('ENTRY_DECIDED_MEANWHILE');
  error.payload = entry;
  return error;
}

interface DecideOptions {
  actor: Actor;
  id: string;
  key: string;
  decision: EntryDecision;
  note?: string | null;
  /** The decision the client saw: another one now is a 409 (two people deciding at once). */
  expected?: EntryDecision;
  /** The draft's revision the client saw: another one now is a 409 OFFER_STALE. */
  revision?: number;
  meta: RequestMeta;
}

/**
 * PUT /response-offer/{id}/entries/{key}: records a decision. Accepting writes the proposed value into the draft,
 * declining or reopening takes an accepted value back out; one transaction with the decision row, the counter offer
 * locked so that two deciders are served one after the other.
 */
export async function decideEntry(ctx: AppContext, options: DecideOptions): Promise<ResponseEntry> {
  const { actor, id, key, decision, meta } = options;
  const row = await requireVisibleResponse(ctx, actor, id);
  if (row.response.status !== 'SENT') throw refusal('COUNTER_OFFER_NOT_SENT');
  if (!mayDecide(actor, row)) throw refusal('COUNTER_OFFER_NOT_YOURS');
  const { entries, version } = await entriesOf(ctx, row.response);
  const entry = entries.find((e) => e.key === key);
  if (!entry) throw refusal('ENTRY_NOT_FOUND');
  const note = decision === 'OPEN' ? null : options.note?.trim() || null;

  const changed = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: responseOffers.id }).from(responseOffers).where(eq(responseOffers.id, id)).for('update');
    const [offer] = await tx
      .select({ status: offers.status, revision: offers.revision, document: offers.document })
      .from(offers)
      .where(eq(offers.id, row.response.offerId))
      .for('update');
    if (offer!.status === 'FINAL_OFFER') throw refusal('OFFER_FINAL');
    const current = (await decisionsOf(tx, id)).find((d) => d.entryKey === key);
    const now = current?.decision ?? 'OPEN';
    if (options.expected && options.expected !== now) throw entryConflict(present(entry, current, false));
    // The same decision again: its author may reword the note; anyone else was simply beaten to it.
    if (now === decision) {
      if (current && current.decidedBy !== actor.id) throw entryConflict(present(entry, current, false));
      if (current && current.note !== note)
        await tx.update(responseDecisions).set({ note }).where(decisionWhere(id, key));
      return { wrote: false, decided: false };
    }
    if (options.revision !== undefined && options.revision !== offer!.revision) throw refusal('OFFER_STALE');

    let document: OfferDocument | null = null;
    let applied: Applied | null = null;
    if (current?.decision === 'ACCEPTED' && current.applied)
      document = takeOut(offer!.document, current.applied as never);
    if (decision === 'ACCEPTED') {
      const done = acceptInto(document ?? offer!.document, version, row.response.document, entry);
      // Removing a sector the draft no longer has: accepted, nothing to write.
      const alreadyGone = !done && entry.field === 'whole' && entry.kind === 'removed';
      if (!done && !alreadyGone) throw refusal('ENTRY_NOT_IN_DRAFT');
      if (done) ({ document, applied } = done);
    }
    if (document) await saveDraft(tx, { actor, offerId: row.response.offerId, revision: offer!.revision, document });
    if (decision === 'OPEN') await tx.delete(responseDecisions).where(decisionWhere(id, key));
    else
      await tx
        .insert(responseDecisions)
        .values({ responseId: id, entryKey: key, decision, note, decidedBy: actor.id, applied: applied as never })
        .onConflictDoUpdate({
          target: [responseDecisions.responseId, responseDecisions.entryKey],
          set: { decision, note, decidedBy: actor.id, decidedAt: new Date(), applied: applied as never },
        });
    await writeAudit(tx, {
      action: `COUNTER_OFFER_ENTRY_${decision}`,
      logUser: actor.email,
      value: {
        offerId: row.response.offerId,
        responseId: id,
        counterOfferBy: row.responder.code,
        entry: key,
        draftWritten: document !== null,
      },
      meta,
    });
    return { wrote: document !== null, decided: true };
  });
  // A decision repeated (or its note reworded) tells no one again.
  if (changed.decided)
    ctx.events.emit('response.decided', {
      offerId: row.response.offerId,
      offerName: row.offerName,
      countryId: row.offerCountryId,
      actorId: actor.id,
      responseId: id,
      respondingCountryId: row.response.responderCountryId,
      decision,
      draftWritten: changed.wrote,
    });
  const after = (await decisionsOf(ctx.db, id)).find((d) => d.entryKey === key);
  return present(entry, after, false);
}

const decisionWhere = (id: string, key: string) =>
  and(eq(responseDecisions.responseId, id), eq(responseDecisions.entryKey, key));

/**
 * Saves the draft as the editor's save does: refused while another session holds the offer open (NOT_OPEN), and
 * only from the revision read (OFFER_STALE); revision + 1, never submitted.
 */
async function saveDraft(
  tx: Tx,
  { actor, offerId, revision, document }: { actor: Actor; offerId: string; revision: number; document: OfferDocument },
): Promise<void> {
  const [lease] = await tx
    .select({ sessionId: offerLeases.sessionId })
    .from(offerLeases)
    .where(and(eq(offerLeases.offerId, offerId), sql`${offerLeases.expiresAt} > now()`));
  if (lease && lease.sessionId !== actor.sessionId) throw refusal('NOT_OPEN');
  const saved = await tx
    .update(offers)
    .set({
      document,
      revision: sql`${offers.revision} + 1`,
      submittedToAU: false,
      updatedAt: new Date(),
      updatedBy: actor.id,
    })
    .where(and(eq(offers.id, offerId), eq(offers.revision, revision)))
    .returning({ id: offers.id });
  if (saved.length === 0) throw refusal('OFFER_STALE');
}

/** How many entries of these counter offers are still open (the dashboard's "not answered"). */
export async function openEntryCounts(
  ctx: AppContext,
  responses: ResponseRow['response'][],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (responses.length === 0) return out;
  const decided = await ctx.db
    .select({ id: responseDecisions.responseId, n: sql<number>`count(*)::int` })
    .from(responseDecisions)
    .where(
      inArray(
        responseDecisions.responseId,
        responses.map((r) => r.id),
      ),
    )
    .groupBy(responseDecisions.responseId);
  const decidedOf = new Map(decided.map((d) => [d.id, Number(d.n)]));
  for (const r of responses) {
    let total = r.entryCount;
    if (total === null) {
      total = (await entriesOf(ctx, r)).entries.length;
      await ctx.db.update(responseOffers).set({ entryCount: total }).where(eq(responseOffers.id, r.id));
    }
    out.set(r.id, Math.max(0, total - (decidedOf.get(r.id) ?? 0)));
  }
  return out;
}
