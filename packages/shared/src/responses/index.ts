import { z } from 'zod';
import type { Role } from '../roles.js';
import { roleMaySubmit } from '../offers/rules.js';
import { offerDocumentSchema, storedOfferDocumentSchema } from '../offers/schema.js';
import { ENTRY_BLOCKS, ENTRY_DECISIONS, ENTRY_PARTS } from '../offers/entries.js';
import { MODES_OF_SUPPLY } from '../offers/constants.js';
import { DB_INT_MAX, dbId } from '../schemas.js';

export const RESPONSE_MESSAGES = {
  ownOffer: 'A country cannot answer its own offer.',
  notSubmitted: 'Only a submitted offer can be answered.',
  uploadFailed: 'Something is wrong',
  pdfOnly: 'The counter offer file must be a PDF.',
  offerFinalized: "This offer has been finalized, you can't send a counter offer to it any more.",
  alreadySent: 'This counter offer has already been sent.',
  outdated: 'The offer has been revised since this draft was made: make a new counter offer to its latest version.',
  notSent: 'This counter offer has not been sent yet: its entries cannot be decided.',
  notYoursToAnswer: 'Only the country whose offer was countered decides on the entries of a counter offer.',
  entryNotFound: 'This counter offer has no such entry.',
  decidedMeanwhile: 'Someone else decided on this entry meanwhile: its current state is shown.',
  notInDraft:
    'Your draft offer no longer has the sector or row of this entry: add it back in the editor, then accept again.',
} as const;

/** DRAFT: a focal point's counter offer waiting for the chief negotiator; SENT: seen by the other country. */
export const RESPONSE_STATUSES = ['DRAFT', 'SENT'] as const;
export type ResponseStatus = (typeof RESPONSE_STATUSES)[number];

/**
 * Who may send a counter offer in the country's name: the same rule as submitting its offer (roleMaySubmit; a
 * counter offer is always a country's own, never one the secretariat made for it). Others save it as a draft.
 */
export function maySendCounterOffer(role: Role): boolean {
  return roleMaySubmit(role, false);
}

/** POST /response-offer/{offerId}: the responding country (optional: it is the caller's) and the counter offer. */
export const createResponseBodySchema = z.object({
  /** ISO code or id of the responding country; must be the caller's own. */
  counterCountry: z
    .union([z.string().max(100), dbId])
    .optional()
    .nullable(),
  offer: offerDocumentSchema,
});
export type CreateResponseBody = z.input<typeof createResponseBodySchema>;

export const responseSummarySchema = z.object({
  id: z.string(),
  offerId: z.string(),
  offerName: z.string(),
  offerCountryCode: z.string(),
  offerCountryName: z.string(),
  versionNumber: z.number().int(),
  responderCountryCode: z.string(),
  responderCountryName: z.string(),
  authorName: z.string(),
  pdfFileKey: z.string().nullable(),
  createdAt: z.string(),
  /** How many commitment entries the counter offer changed. */
  changedEntries: z.number().int(),
  status: z.enum(RESPONSE_STATUSES),
  /** When the chief negotiator sent it (null while a draft). */
  sentAt: z.string().nullable(),
});
export type ResponseSummary = z.infer<typeof responseSummarySchema>;

/** A counter offer with the version it answers, for the side-by-side comparison screen. */
export const responseOfferSchema = responseSummarySchema.extend({
  /** Response schemas never apply the sector-choice rules: a document stored before a rule still loads. */
  document: storedOfferDocumentSchema,
  original: storedOfferDocumentSchema,
});
export type ResponseOffer = z.infer<typeof responseOfferSchema>;

/** One entry a counter offer changes, with the answering country's decision (GET /response-offer/{id}/entries). */
export const responseEntrySchema = z.object({
  /** Stable, opaque, URL-safe: the same entry in the comparison, the decisions and the history. */
  key: z.string(),
  /** The W/120 or CPC codes of its sector; [] for horizontal commitments and MFN rows. */
  sectorCodes: z.array(z.string()),
  /** Its sector's services as the schedule names them, or the first cell of its table row. */
  sectorTitle: z.string(),
  part: z.enum(ENTRY_PARTS),
  /** MA, NT, ADDITIONAL, GENERAL (a sector or a row's first column), or the MFN column. */
  block: z.enum(ENTRY_BLOCKS),
  mode: z.enum(MODES_OF_SUPPLY).nullable(),
  /** entry (a mode), comment, commitment (an additional commitment), cell, whole (a sector or table row). */
  field: z.enum(['entry', 'comment', 'commitment', 'cell', 'whole']),
  /** changed, added (nothing before) or removed (nothing proposed). */
  kind: z.enum(['changed', 'added', 'removed']),
  /** The texts: the answered version's and the counter offer's. */
  original: z.string(),
  proposed: z.string(),
  decision: z.enum(ENTRY_DECISIONS),
  note: z.string().nullable(),
  /** Who decided (their name), null while open or when closed by finalization. */
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** Declined because the offer was finalized with the entry still open ("not taken up"). */
  notTakenUp: z.boolean(),
});
export type ResponseEntry = z.infer<typeof responseEntrySchema>;

export const responseEntriesSchema = z.object({
  entries: z.array(responseEntrySchema),
  summary: z.object({ open: z.number().int(), accepted: z.number().int(), declined: z.number().int() }),
  /** May the caller decide (the answering country's chief negotiator or focal point, the counter offer sent)? */
  mayDecide: z.boolean(),
});
export type ResponseEntries = z.infer<typeof responseEntriesSchema>;

/** PUT /response-offer/{id}/entries/{key}. */
export const entryDecisionBodySchema = z.object({
  decision: z.enum(ENTRY_DECISIONS),
  note: z.string().trim().max(2000).nullable().optional(),
  /** The decision the user saw: another one now is refused with 409 (someone else decided meanwhile). */
  expected: z.enum(ENTRY_DECISIONS).optional(),
  /** The revision of the draft offer the user saw: another one now is refused with 409. */
  revision: z.number().int().min(0).max(DB_INT_MAX).optional(),
});
export type EntryDecisionBody = z.infer<typeof entryDecisionBodySchema>;

/** The answer of POST /response-offer/{id}/entries/{key}/discuss: the negotiation room the entry is discussed in. */
export const entryDiscussionSchema = z.object({ roomId: z.string() });
export type EntryDiscussion = z.infer<typeof entryDiscussionSchema>;

/** Where a value came from: the counter offer it was accepted from, and who accepted it when. */
export const entrySourceSchema = z.object({
  responseId: z.string(),
  /** The country that proposed the value in its counter offer. */
  countryCode: z.string(),
  countryName: z.string(),
  counterOfferSentAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string(),
});
export type EntrySource = z.infer<typeof entrySourceSchema>;

/** A value accepted into the draft since its last submission, and where it stands (GET /offers/{id}/accepted-entries). */
export const acceptedEntrySchema = entrySourceSchema.extend({
  /** The entry's key in the counter offer. */
  key: z.string(),
  part: z.enum(ENTRY_PARTS),
  /** The draft sector's id, for a sector's entry. */
  sectorId: z.string().nullable(),
  block: z.enum(ENTRY_BLOCKS),
  mode: z.enum(MODES_OF_SUPPLY).nullable(),
  field: z.enum(['entry', 'comment', 'commitment', 'cell', 'whole']),
  column: z.number().int().nullable(),
});
export type AcceptedEntry = z.infer<typeof acceptedEntrySchema>;
export const acceptedEntriesSchema = z.object({ entries: z.array(acceptedEntrySchema), count: z.number().int() });
export type AcceptedEntries = z.infer<typeof acceptedEntriesSchema>;

/** GET /offers/{id}/entries/{key}/history: each version that changed the entry's value, oldest first. */
export const entryHistorySchema = z.object({
  key: z.string(),
  steps: z.array(
    z.object({
      /** The version's number; null for the draft not yet submitted. */
      version: z.number().int().nullable(),
      status: z.string(),
      at: z.string(),
      value: z.string(),
      /** The counter offer the value was accepted from; null when the country wrote it. */
      acceptedFrom: entrySourceSchema.nullable(),
    }),
  ),
});
export type EntryHistory = z.infer<typeof entryHistorySchema>;

export { RESPONSES_API_ROUTES } from './api-routes.js';
