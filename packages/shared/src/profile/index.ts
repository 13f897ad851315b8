import { z } from 'zod';
import { ROLES } from '../roles.js';
import { PROFILE_LANGUAGES, TITLE_PREFIXES } from '../constants.js';
import { brokenPasswordRules } from '../password.js';
import { EMAIL_PATTERN } from './email.js';

export { EMAIL_PATTERN };

/** The wording of the spec's profile and invitation messages (its message catalogue), kept as written. */
export const PROFILE_MESSAGES = {
  invalidEmail: 'Invalid email address',
  invalidInviteEmail: 'Invalid Email Address',
  passwordsShouldMatch: 'Register.Passwordsshouldmatch',
  profileUpdated: 'profile_updated',
  passwordUpdated: 'You password has been successfully updated',
  atLeastOneUser: 'At least 1 User to Invite',
  usersInvited: 'Users invited successfully',
  inviteFailed: 'Error !!',
  required: 'required',
  weakPassword:
    'The password must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.',
  pleaseInputPassword: 'Please input Password',
  emailTaken: 'A user with this email address already exists.',
  roleNotInvitable: 'You cannot invite a user with this role.',
  countryRequired: 'Country is required',
  invitationInvalid: 'This invitation link is not valid or has expired.',
  registered: 'Your account is ready. You can now sign in.',
  invitationResent: 'The invitation has been sent again; the previous link no longer works.',
  invitationCancelled: 'The invitation has been cancelled; its link no longer works.',
  invitationNotPending: 'This invitation has already been accepted, or the account is no longer waiting for it.',
} as const;

const required = (max = 200) =>
  z.string({ error: PROFILE_MESSAGES.required }).trim().min(1, PROFILE_MESSAGES.required).max(max);
const optionalText = (max = 200) => z.string().trim().max(max).nullable().optional();

/** A strong password (the spec's validation rules: upper, lower, digit, special, 8 characters). */
export const passwordSchema = z
  .string({ error: PROFILE_MESSAGES.pleaseInputPassword })
  .min(1, PROFILE_MESSAGES.pleaseInputPassword)
  .max(256)
  .refine((p) => brokenPasswordRules(p).length === 0, PROFILE_MESSAGES.weakPassword);

/**
 * PUT /profile: the user's own details; the password pair only from the password-management screen. Changing
 * the email (where sign-in codes go) or setting a password needs the current password in `oldPassword`
 * (checked by the server under the sign-in lockout); otherwise it may be left out.
 */
export const profileUpdateSchema = z
  .object({
    firstName: required(100),
    lastName: required(100),
    email: z.string().trim().toLowerCase().max(320).regex(EMAIL_PATTERN, PROFILE_MESSAGES.invalidEmail),
    oldPassword: z.string().max(256).optional(),
    titlePrefix: z.enum(TITLE_PREFIXES).nullable().optional(),
    title: optionalText(),
    language: z.enum(PROFILE_LANGUAGES).optional(),
    phoneNumber: optionalText(40),
    whatsappNumber: optionalText(40),
    accreditationDetails: optionalText(2000),
    password: passwordSchema.optional(),
    confirmPassword: z.string().max(256).optional(),
  })
  .refine((p) => p.password === undefined || p.password === p.confirmPassword, {
    message: PROFILE_MESSAGES.passwordsShouldMatch,
    path: ['confirmPassword'],
  });
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

/**
 * PUT /profile/language: the header's language choice, kept on the profile so mails and notifications use it.
 * Any short text is taken here; a value other than en, fr or ar is refused by the server with LANGUAGE_UNSUPPORTED.
 */
export const profileLanguageSchema = z.object({ language: z.string().trim().max(20) });
export type ProfileLanguage = z.infer<typeof profileLanguageSchema>;

/** POST /profile/reset: change one's password knowing the current one. */
export const passwordChangeSchema = z
  .object({
    oldPassword: z
      .string({ error: PROFILE_MESSAGES.pleaseInputPassword })
      .min(1, PROFILE_MESSAGES.pleaseInputPassword)
      .max(256),
    newPassword: passwordSchema,
    confirmPassword: z
      .string({ error: PROFILE_MESSAGES.pleaseInputPassword })
      .min(1, PROFILE_MESSAGES.pleaseInputPassword)
      .max(256),
  })
  .refine((p) => p.newPassword === p.confirmPassword, { message: 'Passwords should match', path: ['confirmPassword'] });
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** One row of the invite dialog (spec: Invited user). */
export const invitedUserSchema = z.object({
  titlePrefix: z.enum(TITLE_PREFIXES, { error: PROFILE_MESSAGES.required }),
  firstName: required(100),
  lastName: required(100),
  userRole: z.enum(ROLES, { error: PROFILE_MESSAGES.required }),
  email: z
    .string({ error: PROFILE_MESSAGES.required })
    .trim()
    .toLowerCase()
    .min(1, PROFILE_MESSAGES.required)
    .max(320)
    .regex(EMAIL_PATTERN, PROFILE_MESSAGES.invalidInviteEmail),
  countryCode: z.string().trim().max(3).nullable().optional(),
  /** The invitee's language (their mails and screens); the inviter's when left out. */
  language: z.enum(PROFILE_LANGUAGES).optional(),
});
export type InvitedUser = z.infer<typeof invitedUserSchema>;

export const inviteUsersSchema = z.array(invitedUserSchema).min(1, PROFILE_MESSAGES.atLeastOneUser).max(50);

/** The answer of POST /profile/invite: how many invitations were sent. */
export const invitedCountSchema = z.object({ invited: z.number().int() });
export type InvitedCount = z.infer<typeof invitedCountSchema>;

/** GET /profile/check/offer/access: whether the user can create or submit an offer, and their country's offer. */
export const offerAccessSchema = z.object({
  canCreateOffer: z.boolean(),
  canSubmitOffer: z.boolean(),
  offerId: z.string().nullable(),
});
export type OfferAccess = z.infer<typeof offerAccessSchema>;

/** GET /profile/invitation?token= (public): who an invitation link is for. */
export const invitationSchema = z.object({
  titlePrefix: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  countryName: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** Spec: Focal user. */
export const focalUserSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryName: z.string().nullable(),
  countryCode: z.string().nullable(),
  titlePrefix: z.string().nullable(),
  language: z.string(),
  title: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  userRole: z.enum(ROLES),
  status: z.string(),
});
export type FocalUser = z.infer<typeof focalUserSchema>;

/** Accepting an invitation: the invitee chooses a password. */
export const registerSchema = z
  .object({
    token: z.string().min(10).max(200),
    password: passwordSchema,
    confirmPassword: z.string().max(256),
    phoneNumber: optionalText(40),
  })
  .refine((p) => p.password === p.confirmPassword, { message: 'Passwords should match', path: ['confirmPassword'] });
export type Register = z.input<typeof registerSchema>;

export { PROFILE_API_ROUTES } from './api-routes.js';
