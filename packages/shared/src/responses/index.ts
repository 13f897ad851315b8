import { z } from 'zod';
import type { Access, Role } from '../roles.js';
import { offerDocumentSchema, storedOfferDocumentSchema } from '../offers/schema.js';
import { dbId } from '../schemas.js';

const NEGOTIATORS: readonly Role[] = ['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT'];

export const RESPONSE_MESSAGES = {
  ownOffer: 'A country cannot answer its own offer.',
  notSubmitted: 'Only a submitted offer can be answered.',
  uploadFailed: 'Something is wrong',
  pdfOnly: 'The counter offer file must be a PDF.',
} as const;

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
});
export type ResponseSummary = z.infer<typeof responseSummarySchema>;

/** A counter offer with the version it answers, for the side-by-side comparison screen. */
export const responseOfferSchema = responseSummarySchema.extend({
  /** Response schemas never apply the sector-choice rules: a document stored before a rule still loads. */
  document: storedOfferDocumentSchema,
  original: storedOfferDocumentSchema,
});
export type ResponseOffer = z.infer<typeof responseOfferSchema>;

export const RESPONSES_API_ROUTES = {
  'POST /response-offer/:id': NEGOTIATORS,
  'POST /response-offer/file/:id': NEGOTIATORS,
  'GET /response-offer/:id': 'AUTHENTICATED',
  'GET /response-offer': 'AUTHENTICATED',
} as const satisfies Record<string, Access>;
