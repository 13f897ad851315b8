/**
 * Requests: under the request–offer method a country asks another to bind sectors and modes of its
 * conditional offer. The request holds the commitments asked for, in the offer's own sector shape, and a covering note;
 * the requested country answers by pointing to a version of its offer or a counter offer, or with a note.
 */
import { z } from 'zod';
import type { Role } from '../roles.js';
import { OFFER_LIMITS } from '../offers/limits.js';
import { sectorSchema, storedOfferDocumentSchema } from '../offers/schema.js';
import { maySendCounterOffer } from '../responses/index.js';
import { DB_INT_MAX } from '../schemas.js';

export const REQUEST_MESSAGES = {
  ownCountry: 'A country cannot send a request to itself: choose the offer of another country.',
  noConditionalOffer: 'This country has no conditional offer yet: a request is made to a submitted offer.',
  offerFinalized: 'This offer has been finalized: it takes no more requests.',
  unknownSector: 'A requested sector names a service that is not in the sector classification:',
  sectorWithoutService: 'Each requested sector must name at least one service.',
  sendNotAllowed:
    "Only the chief negotiator sends or withdraws a request in the country's name: a focal point saves it as a draft.",
  notDraft: 'This request has already been sent: it can no longer be changed.',
  answered: 'This request has already been answered: it can no longer be withdrawn or answered again.',
  withdrawn: 'This request has been withdrawn.',
  notRequestedCountry: 'Only the requested country answers a request.',
  notRequestingCountry: 'Only the requesting country changes, sends or withdraws its request.',
  answerRequired: 'Point to a version of your offer or a counter offer, or write a note.',
  answerVersionUnknown: 'The version named is not a submitted version of the offer requested.',
  answerResponseUnknown: "The counter offer named is not one your country sent to the requesting country's offer.",
  draftNotDiscussed: 'A draft request is not discussed with the other country: send it first.',
} as const;

/**
 * DRAFT: the requesting country's own, not yet sent (a focal point's, or a chief negotiator's saved for later);
 * SENT: the requested country and the secretariat see it; ANSWERED: the requested country answered it;
 * WITHDRAWN: the requesting country took it back.
 */
export const REQUEST_STATUSES = ['DRAFT', 'SENT', 'ANSWERED', 'WITHDRAWN'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * Who may send a request (or answer one) in the country's name: the same rule as sending a counter offer, the chief
 * negotiator. A focal point saves a draft the chief negotiator sends.
 */
export function maySendRequest(role: Role): boolean {
  return maySendCounterOffer(role);
}

/** A requested sector: the offer's sector shape and choice rules, with at least one service named. */
const requestedSectorSchema = sectorSchema.refine((s) => s.services.length > 0, {
  message: REQUEST_MESSAGES.sectorWithoutService,
  path: ['services'],
});

/** POST /request-offer/{offerId} and PUT /request-offer/{offerId}/{requestId}. */
export const requestBodySchema = z.object({
  /** The covering note of the request. */
  note: z.string().max(OFFER_LIMITS.textChars).default(''),
  /** The sectors asked for, each with the commitment asked per mode (market access, national treatment, additional). */
  sectors: z.array(requestedSectorSchema).min(1).max(OFFER_LIMITS.sectors),
  /** true sends it (chief negotiator only); false keeps it a draft. */
  submitted: z.boolean().default(false),
});
export type RequestBody = z.input<typeof requestBodySchema>;

/** POST /request-offer/{offerId}/{requestId}/answer: a version of the requested offer, a counter offer, or a note. */
export const answerRequestBodySchema = z
  .object({
    /** A submitted version of the offer requested that answers the request. */
    versionNumber: z.number().int().positive().max(DB_INT_MAX).optional().nullable(),
    /** A counter offer the requested country sent to the requesting country's offer. */
    responseId: z.string().max(64).optional().nullable(),
    note: z.string().max(OFFER_LIMITS.textChars).default(''),
  })
  .refine((a) => a.versionNumber != null || a.responseId != null || a.note.trim() !== '', {
    message: REQUEST_MESSAGES.answerRequired,
    path: ['note'],
  });
export type AnswerRequestBody = z.input<typeof answerRequestBodySchema>;

/** One line of GET /request-offer. */
export const requestSummarySchema = z.object({
  id: z.string(),
  /** The offer asked of (the requested country's). */
  offerId: z.string(),
  offerName: z.string(),
  requestingCountryCode: z.string(),
  requestingCountryName: z.string(),
  requestedCountryCode: z.string(),
  requestedCountryName: z.string(),
  status: z.enum(REQUEST_STATUSES),
  authorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  /** How many sectors the request asks for. */
  sectorCount: z.number().int(),
});
export type RequestSummary = z.infer<typeof requestSummarySchema>;

/** GET /request-offer: the caller's country's requests, sent (drafts included) and received. */
export const requestListsSchema = z.object({
  sent: z.array(requestSummarySchema),
  /** For the secretariat: every request sent in the bloc. */
  received: z.array(requestSummarySchema),
});
export type RequestLists = z.infer<typeof requestListsSchema>;

export const requestAnswerSchema = z.object({
  versionNumber: z.number().int().nullable(),
  responseId: z.string().nullable(),
  note: z.string(),
  answeredByName: z.string(),
});

/** GET /request-offer/{offerId}/{requestId}: one request, what the caller may do with it, and its answer. */
export const offerRequestSchema = requestSummarySchema.extend({
  note: z.string(),
  /** Stored sectors load without the choice rules (as offers do). */
  sectors: storedOfferDocumentSchema.shape.sectors,
  answer: requestAnswerSchema.nullable(),
  permissions: z.object({ edit: z.boolean(), send: z.boolean(), answer: z.boolean(), withdraw: z.boolean() }),
});
export type OfferRequest = z.infer<typeof offerRequestSchema>;

/** POST /request-offer/{offerId}/{requestId}/discuss: the negotiation room of the two countries, the request quoted. */
export const requestDiscussionSchema = z.object({ roomId: z.string() });
export type RequestDiscussion = z.infer<typeof requestDiscussionSchema>;

export { REQUESTS_API_ROUTES } from './api-routes.js';
