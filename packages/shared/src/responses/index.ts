import { z } from 'zod';
import type { Role } from '../roles.js';
import { roleMaySubmit } from '../offers/rules.js';
import { offerDocumentSchema, storedOfferDocumentSchema } from '../offers/schema.js';
import { dbId } from '../schemas.js';

export const RESPONSE_MESSAGES = {
  ownOffer: 'A country cannot answer its own offer.',
  notSubmitted: 'Only a submitted offer can be answered.',
  uploadFailed: 'Something is wrong',
  pdfOnly: 'The counter offer file must be a PDF.',
  offerFinalized: "This offer has been finalized, you can't send a counter offer to it any more.",
  alreadySent: 'This counter offer has already been sent.',
  outdated: 'The offer has been revised since this draft was made: make a new counter offer to its latest version.',
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

export { RESPONSES_API_ROUTES } from './api-routes.js';
