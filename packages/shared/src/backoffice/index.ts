import { z } from 'zod';
import { ROLES } from '../roles.js';
import { EMAIL_PATTERN } from '../profile/index.js';
import { REGION_TITLE_MAX, isHexColour, isHttpLink, isLogoAddress } from './settings-rules.js';

/**
 * Messages of the back office, the contact form and the newsletter (in the spec's wording where its message catalogue
 * gives them).
 */
export const BACKOFFICE_MESSAGES = {
  subscribed: 'You have been subscribed successfully',
  alreadySubscribed: 'This address is already subscribed.',
  invalidEmail: 'Please enter a valid email',
  captchaRequired: 'Please solve the captcha first.',
  captchaInvalid: 'The captcha could not be verified. Please try again.',
  contactSent: 'Thank you, your message has been sent to the secretariat.',
  replySent: 'Your reply has been sent.',
  settingsSaved: 'Settings saved.',
  userUpdated: 'User updated.',
  cannotDisableSelf: 'You cannot deactivate your own account.',
  lastAdmin:
    'The portal must keep at least one active administrator: this account cannot be deactivated or given another role.',
  adminAccountProtected: "Only an administrator can change an administrator's account.",
  // Role and country changes.
  roleChanged: 'Role updated.',
  roleNotAssignable: 'You cannot give this role.',
  roleChangeNotAllowed: "Only an administrator can change this user's role.",
  roleCountryRequired: 'Choose the country of a chief negotiator or a services focal point.',
  roleCountryNotAllowed:
    'Only chief negotiators and services focal points belong to a country: leave the country empty.',
  roleCountryUnknown: 'This country does not exist.',
  roleCountryInactive: 'This country is deactivated: its users cannot be given a role.',
} as const;

/** A page of results. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

export const pagingQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(200).default(20),
});

/**
 * The offer an audit row is about (its value's `offerId`), named when the log is read: a row keeps the id only, and
 * the offer's name may have changed since. `name` null: no offer has that id (deleted, or never stored).
 */
export const auditOfferSchema = z.object({
  id: z.string(),
  /** The offer's name as its country wrote it (never translated); null when no offer has this id. */
  name: z.string().nullable(),
  /** The offer's country (ISO code and English name); null when no offer has this id. */
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
});
export type AuditOffer = z.infer<typeof auditOfferSchema>;

/** The chat room an audit row is about (its value's `roomId`), named when the log is read; `title` null: no such room. */
export const auditRoomSchema = z.object({ id: z.string(), title: z.string().nullable() });
export type AuditRoom = z.infer<typeof auditRoomSchema>;

/** The spec's Log, with when and from where. */
export const auditLogSchema = z.object({
  id: z.string(),
  action: z.string(),
  logUser: z.string().nullable(),
  targetUser: z.string().nullable(),
  value: z.unknown(),
  clientName: z.string().nullable(),
  geolocation: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The offer the value names, if any (requests, counter offers and offer rooms name theirs too). */
  offer: auditOfferSchema.nullable(),
  /** The chat room the value names, if any. */
  room: auditRoomSchema.nullable(),
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogQuerySchema = pagingQuerySchema.extend({
  action: z.string().max(100).optional(),
  user: z.string().max(320).optional(),
});

export const USER_STATUSES = ['ACTIVE', 'PENDING', 'DISABLED'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** A user as the back office lists them. */
export const managedUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  titlePrefix: z.string().nullable(),
  role: z.enum(ROLES),
  countryCode: z.string().nullable(),
  countryName: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  createdAt: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userQuerySchema = pagingQuerySchema.extend({
  search: z.string().max(200).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  country: z.string().max(3).optional(),
});

/** The file formats of the back office's exports (users, audit logs). */
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /users/export: the users screen's filters, all matching rows, as CSV or XLSX. */
export const userExportQuerySchema = userQuerySchema
  .omit({ page: true, size: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

/** GET /account-ms/logs/export: the audit screen's filters, all matching rows, as CSV or XLSX. */
export const auditLogExportQuerySchema = auditLogQuerySchema
  .omit({ page: true, size: true })
  .extend({ format: z.enum(EXPORT_FORMATS).default('csv') });

export const userStatusBodySchema = z.object({ status: z.enum(['ACTIVE', 'DISABLED']) });

/** A user's new role and country (PUT /users/:id/role); the spec's rules on roles are checked by the server. */
export const userRoleBodySchema = z.object({
  role: z.enum(ROLES),
  /** The country of a chief negotiator or focal point; null for the other roles. */
  countryId: z.number().int().positive().nullable(),
});
export type UserRoleBody = z.infer<typeof userRoleBodySchema>;

export const userDashboardSchema = z.object({
  total: z.number().int(),
  byRole: z.record(z.string(), z.number().int()),
  byStatus: z.record(z.string(), z.number().int()),
  byCountry: z.array(z.object({ countryCode: z.string(), countryName: z.string(), users: z.number().int() })),
  signInsLast30Days: z.number().int(),
});

const hex = z.string().refine(isHexColour, 'a colour like #599cff');
const link = z.string().refine(isHttpLink, 'an http(s) address');

/** What the secretariat may change of the home settings (global settings screen). */
export const homeSettingsUpdateSchema = z.object({
  logo: z.string().refine(isLogoAddress, 'a path on this site or an https address').nullable().optional(),
  regionTitle: z.string().trim().min(1).max(REGION_TITLE_MAX).optional(),
  linkedinLink: link.optional(),
  facebookLink: link.optional(),
  twitterLink: link.optional(),
  buttonBackColor: hex.optional(),
  buttonColor: hex.optional(),
  mainTextColor: hex.optional(),
  secondaryTextColor: hex.optional(),
  underline: hex.optional(),
  linkColor: hex.optional(),
});
export type HomeSettingsUpdate = z.infer<typeof homeSettingsUpdateSchema>;

const required = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max);

/** The spec's Contact-us mail. */
export const contactMessageBodySchema = z.object({
  firstName: required(100),
  lastName: required(100),
  companyName: z.string().trim().max(200).default(''),
  subject: required(300),
  email: z.string().trim().toLowerCase().max(320).regex(EMAIL_PATTERN, 'Invalid email address'),
  message: required(10_000),
});

export const contactMessageSchema = contactMessageBodySchema.extend({
  id: z.string(),
  createdAt: z.string(),
  repliedAt: z.string().nullable(),
  reply: z.string().nullable(),
  /** When staff archived the message (out of the mailbox's default list); null while it is in the mailbox. */
  archivedAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const contactReplySchema = z.object({
  id: z.string().uuid(),
  message: required(10_000),
  subject: z.string().trim().max(300).optional(),
});

/** Which messages the mailbox lists: archived ones are hidden unless asked for (`include`: all, `only`: archived). */
export const CONTACT_ARCHIVED_FILTERS = ['include', 'only'] as const;
export type ContactArchivedFilter = (typeof CONTACT_ARCHIVED_FILTERS)[number];

export const contactQuerySchema = pagingQuerySchema.extend({
  archived: z.enum(CONTACT_ARCHIVED_FILTERS).optional(),
});

/** PUT /account-ms/contact-us/:id/archived: archive (true) or bring back to the mailbox (false). */
export const contactArchiveBodySchema = z.object({ archived: z.boolean() });

/** Answers of the contact-us mailbox beyond the spec's (archiving). */
export const CONTACT_MESSAGES = {
  archived: 'The message has been archived.',
  unarchived: 'The message is back in the mailbox.',
} as const;

/** The spec's Newsletter subscriber. */
export const newsletterBodySchema = z.object({
  email: z.string().trim().toLowerCase().max(320).regex(EMAIL_PATTERN, BACKOFFICE_MESSAGES.invalidEmail),
  new: z.boolean().default(true),
});

/** A proof-of-work captcha challenge (ALTCHA v1 format) the browser solves before subscribing. */
export const captchaChallengeSchema = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export { BACKOFFICE_API_ROUTES } from './api-routes.js';

export * from './accounts.js';
export * from './admin-accounts.js';
export * from './settings-rules.js';
export * from './audit-actions.js';
