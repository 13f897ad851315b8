/**
 * The runtime values of the profile contract the browser needs, without zod: packages/shared/src/profile builds its
 * zod schemas at module level, so importing a constant from it brings zod into the page. contract.test.ts checks
 * each value here against @portal/shared, so they cannot drift.
 */

/** The basic address pattern of the spec's forms (profile and invitations). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's messages the screens recognise, to show them in the interface language. */
export const PROFILE_MESSAGES = {
  emailTaken: 'A user with this email address already exists.',
  roleNotInvitable: 'You cannot invite a user with this role.',
  countryRequired: 'Country is required',
  invitationInvalid: 'This invitation link is not valid or has expired.',
  weakPassword:
    'The password must have at least 8 characters with an uppercase letter, a lowercase letter, a digit and a special character.',
} as const;

/** What a screen sends and receives; the shapes are the contract's (packages/shared/src/profile). */
export type { FocalUser, Invitation, InvitedUser, PasswordChange, ProfileUpdate, Register } from '@portal/shared';
