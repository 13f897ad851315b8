/**
 * The dashboard: what waits for the signed-in user, by role. Every item carries the path of the screen where
 * it is handled (`link`) and the ids that screen needs.
 */
import { z } from 'zod';
import { OFFER_STATUSES } from '../offers/schema.js';
import { partAnswerSchema, profileSchema } from '../schemas.js';

const status = z.enum(OFFER_STATUSES);

/** The caller's country's offer: its status and the secretariat's last comment. */
const myOfferSchema = z.object({
  offerId: z.string(),
  name: z.string(),
  /** IN_PROGRESS until a version is submitted, then the latest version's status. */
  status,
  versions: z.number().int(),
  updatedAt: z.string(),
  /** The secretariat's last comment on a version (sent back), with the version and when. */
  lastComment: z.object({ text: z.string(), versionNumber: z.number().int(), at: z.string().nullable() }).nullable(),
  link: z.string(),
});

const receivedRequestSchema = z.object({
  requestId: z.string(),
  offerId: z.string(),
  requestingCountryCode: z.string(),
  requestingCountryName: z.string(),
  sectorCount: z.number().int(),
  sentAt: z.string(),
  link: z.string(),
});

const receivedCounterOfferSchema = z.object({
  responseId: z.string(),
  offerId: z.string(),
  responderCountryCode: z.string(),
  responderCountryName: z.string(),
  /** The version of the caller's offer it answers. */
  versionNumber: z.number().int(),
  sentAt: z.string(),
  link: z.string(),
});

const unreadRoomSchema = z.object({
  roomId: z.string(),
  title: z.string(),
  /** Messages not read yet (the unread message notifications of the room). */
  unread: z.number().int(),
  lastAt: z.string(),
  link: z.string(),
});

const awaitingDecisionSchema = z.object({
  offerId: z.string(),
  countryCode: z.string(),
  countryName: z.string(),
  name: z.string(),
  status,
  versionNumber: z.number().int(),
  submittedAt: z.string(),
  link: z.string(),
});

const countryWithoutOfferSchema = z.object({
  countryId: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  /** /add-offer, opened with the country in navigation state ({ countryId, countryName }). */
  link: z.string(),
});

/**
 * GET /dashboard. Country users get `myOffer`, `requests` and `counterOffers`; the secretariat and admins
 * `awaitingDecision` (oldest first) and `countriesWithoutOffer`; everyone `rooms`. What a role does not get is null.
 */
export const dashboardSchema = z.object({
  /** null for a country user whose country has no offer yet (the link to create one is /add-offer). */
  myOffer: myOfferSchema.nullable(),
  requests: z.array(receivedRequestSchema).nullable(),
  counterOffers: z.array(receivedCounterOfferSchema).nullable(),
  rooms: z.array(unreadRoomSchema),
  awaitingDecision: z.array(awaitingDecisionSchema).nullable(),
  countriesWithoutOffer: z.array(countryWithoutOfferSchema).nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/**
 * GET /dashboard/start: what the dashboard needs at start, in one answer — the user (GET /profile/current) and what
 * waits for them (GET /dashboard), each part its own call's answer.
 */
export const dashboardStartSchema = z.object({
  profile: partAnswerSchema(profileSchema),
  dashboard: partAnswerSchema(dashboardSchema),
});
export type DashboardStart = z.infer<typeof dashboardStartSchema>;

export { DASHBOARD_API_ROUTES } from './api-routes.js';
