import { z } from 'zod';
import { partAnswerSchema, profileSchema } from '../schemas.js';
import { acceptedEntriesSchema, responseSummarySchema } from '../responses/index.js';
import { leaseSchema, offerListItemSchema, offerSchema } from './schema.js';

/**
 * GET /offers/{id}/editor: what the offer editor needs at start, in one answer — each part the answer of its own call
 * (GET /profile/current, GET /offers/{id}, GET /offers/{id}/accepted-entries, GET /offers/checkOpenOffer/{id}, which
 * takes the edit lease), refusals included.
 */
export const offerEditorStartSchema = z.object({
  profile: partAnswerSchema(profileSchema),
  offer: partAnswerSchema(offerSchema),
  acceptedEntries: partAnswerSchema(acceptedEntriesSchema),
  lease: partAnswerSchema(leaseSchema),
});
export type OfferEditorStart = z.infer<typeof offerEditorStartSchema>;

/**
 * GET /offers/start: what the offers screen needs at start, in one answer — the user (GET /profile/current), their
 * offers (GET /offers) and the counter offers they may see (GET /response-offer), each part its own call's answer.
 */
export const offersStartSchema = z.object({
  profile: partAnswerSchema(profileSchema),
  offers: partAnswerSchema(z.array(offerListItemSchema)),
  responses: partAnswerSchema(z.array(responseSummarySchema)),
});
export type OffersStart = z.infer<typeof offersStartSchema>;
