import { z } from 'zod';
import { ROLES } from './roles.js';
import { TITLE_PREFIXES } from './constants.js';

export const roleSchema = z.enum(ROLES);

/**
 * The largest value a PostgreSQL integer or serial column holds: a larger id is refused at the boundary, not by the
 * database.
 */
export const DB_INT_MAX = 2_147_483_647;

/** A serial id (country, region, sector…) in a JSON body. */
export const dbId = z.number().int().positive().max(DB_INT_MAX);

/** A serial id in a path or query string, where it arrives as text. */
export const dbIdParam = z.coerce.number().int().positive().max(DB_INT_MAX);

/** A UUID in its canonical 8-4-4-4-12 form, the only shape the uuid columns accept. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path id can be a row's uuid; anything else is answered 404 before the database sees it. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/**
 * The error envelope of every refused call. `field` is the path of the first refused field of a body, e.g. '0.email'.
 */
export const errorSchema = z.object({ message: z.string(), code: z.string(), field: z.string().optional() });
export type ApiError = z.infer<typeof errorSchema>;

/** A refusal of POST /oauth/token: RFC 6749's `error` and `error_description`, and the portal's code and message. */
export const oauthErrorSchema = errorSchema.extend({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unsupported_grant_type',
    'temporarily_unavailable',
    'server_error',
  ]),
  error_description: z.string(),
});
export type OAuthErrorBody = z.infer<typeof oauthErrorSchema>;

/** Wraps a payload schema in the `{ payload, message? }` envelope. */
export function envelope<T extends z.ZodType>(payload: T) {
  return z.object({ payload, message: z.string().optional() });
}

/**
 * One call's answer carried inside a screen's start call (GET /offers/start, GET /chats/start …): its HTTP status, and
 * its body as that call sends it.
 */
export function partAnswerSchema<T extends z.ZodType>(payload: T) {
  return z.object({ status: z.number().int(), body: z.union([envelope(payload), errorSchema]) });
}

/** The answer of a session call that only confirms (sign-out, forgotten or reset password): no payload, a message. */
export const doneSchema = z.object({ payload: z.null(), message: z.string() });
export type Done = z.infer<typeof doneSchema>;

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  nameFr: z.string(),
  nameAr: z.string(),
  alpha3: z.string(),
  regionId: z.number().int().nullable(),
  active: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

export const regionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  regionTitle: z.string(),
  regionTitleFr: z.string(),
  regionTitleAr: z.string(),
  logo: z.string().nullable(),
});
export type Region = z.infer<typeof regionSchema>;

export const homeSettingsSchema = z.object({
  logo: z.string().nullable(),
  regionTitle: z.string(),
  linkedinLink: z.string(),
  facebookLink: z.string(),
  twitterLink: z.string(),
  buttonBackColor: z.string(),
  buttonColor: z.string(),
  mainTextColor: z.string(),
  secondaryTextColor: z.string(),
  underline: z.string(),
  linkColor: z.string(),
});
export type HomeSettings = z.infer<typeof homeSettingsSchema>;

/** Settings the web app reads before it renders (idle timeout, so tests can shorten it by configuration). */
export const clientConfigSchema = z.object({
  idleTimeoutMs: z.number().int().positive(),
  idleCountdownSeconds: z.number().int().positive(),
  regionName: z.string(),
  /** Whether a machine translation service is configured (TRANSLATE_URL): without one, translate menus say so. */
  machineTranslation: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** The spec's Profile (its data model), as the server presents it: never a password or its hash. */
export const profileSchema = z.object({
  userId: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  language: z.string(),
  email: z.string(),
  role: roleSchema,
  roles: z.array(roleSchema),
  userRole: z.string(),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  region: z.number().int().nullable(),
  regionName: z.string().nullable(),
  title: z.string().nullable(),
  titlePrefix: z.enum(TITLE_PREFIXES).nullable(),
  phoneNumber: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  proofOfCountry: z.string().nullable(),
  accreditationDetails: z.string().nullable(),
  userInfo: z.object({ authorities: z.array(z.string()) }),
});
export type Profile = z.infer<typeof profileSchema>;

const formText = (max: number) => z.string().max(max).optional();
/**
 * The form of POST /oauth/token (application/x-www-form-urlencoded). Every field is optional text here: which ones a
 * grant needs is the server's check, answered with RFC 6749's errors rather than a validation refusal.
 */
export const tokenFormSchema = z.object({
  grant_type: formText(64),
  username: formText(320),
  password: formText(1024),
  mfa_token: formText(512),
  code: formText(32),
  refresh_token: formText(512),
  /** The browser's device id (kept by the web app across sign-ins): a browser its owner signed in from skips the challenge. */
  device: formText(128),
  /** A solved proof-of-work challenge (from GET /api/captcha/challenge), asked after failed sign-ins on the address. */
  captcha: formText(4096),
  /** Client credentials in the body (client_secret_post, RFC 6749 section 2.3.1), for clients that do not use Basic. */
  client_id: formText(256),
  client_secret: formText(256),
});
export type TokenForm = z.infer<typeof tokenFormSchema>;

/** First step of the two-step sign-in. */
export const mfaChallengeSchema = z.object({ mfa_required: z.literal(true), mfa_token: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
