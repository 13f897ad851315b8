/**
 * The rules of the invite dialog (spec sections 5 and 6), apart from the screen: which roles the inviter may give,
 * whether the country is asked (not for a chief negotiator, whose invitees get his country), when a row may be removed.
 */
import {
  invitableRoles,
  needsCountry,
  type InvitedUser,
  type Language,
  type Role,
  type TitlePrefix,
} from '@portal/shared';

/** One row of the form as it is being filled in. */
export interface InviteRow {
  titlePrefix?: TitlePrefix;
  firstName?: string;
  lastName?: string;
  userRole?: Role;
  email?: string;
  countryCode?: string | null;
  /** The invitee's language (their mails and screens); the dialog starts each row on the inviter's. */
  language?: Language;
}

export interface Inviter {
  role: Role;
  countryCode: string | null;
  /** The inviter's profile language: each invitee's default. */
  language?: string;
}

/** The language a new row starts on: the inviter's, when it is one of the portal's. */
export function defaultInviteeLanguage(inviter: Inviter, fallback: string): Language {
  const wanted = (inviter.language ?? fallback).split('-')[0];
  return wanted === 'fr' || wanted === 'ar' ? wanted : 'en';
}

/** The contract accepts at most 50 invitees in one call. */
export const MAX_INVITEES = 50;

/** The roles offered in the role select. */
export const rolesOffered = (inviter: Role): Role[] => invitableRoles(inviter);

/** The secretariat chooses each invitee's country; a chief negotiator's invitees get his own. */
export const asksForCountry = (inviter: Role): boolean => inviter !== 'CHIEF_NEGOTIATOR';

/** A new empty row; when only one role may be given, it is already chosen. */
export function blankRow(inviter: Role): InviteRow {
  const roles = rolesOffered(inviter);
  return roles.length === 1 ? { userRole: roles[0] } : {};
}

/** The minus control: disabled when one row remains. */
export const canRemoveRow = (rows: number): boolean => rows > 1;
export const canAddRow = (rows: number): boolean => rows < MAX_INVITEES;

/** Addresses entered more than once (compared as the server stores them: trimmed, lower case). */
export function duplicateEmails(rows: readonly InviteRow[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const row of rows) {
    const email = row.email?.trim().toLowerCase();
    if (!email) continue;
    if (seen.has(email)) twice.add(email);
    seen.add(email);
  }
  return twice;
}

/** What POST /profile/invite receives: a chief negotiator's invitees carry his country, whatever the form held. */
export function toInvitation(rows: readonly InviteRow[], inviter: Inviter): InvitedUser[] {
  return rows.map((row) => ({
    titlePrefix: row.titlePrefix as TitlePrefix,
    firstName: (row.firstName ?? '').trim(),
    lastName: (row.lastName ?? '').trim(),
    userRole: row.userRole as Role,
    email: (row.email ?? '').trim().toLowerCase(),
    countryCode: asksForCountry(inviter.role)
      ? row.userRole && !needsCountry(row.userRole)
        ? null
        : (row.countryCode ?? null)
      : inviter.countryCode,
    ...(row.language ? { language: row.language } : {}),
  }));
}
