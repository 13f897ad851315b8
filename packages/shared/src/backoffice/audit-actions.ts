/**
 * Every action the server writes to the audit trail: `writeAudit` accepts only these, and the back office labels
 * each one in every language (i18n `backoffice.audit.actions.<ACTION>`), so a new action cannot reach the screen as a
 * raw code. Actions no longer written stay listed while older rows carry them.
 */
export const AUDIT_ACTIONS = [
  // Sign-in and sessions
  'LOGIN',
  'LOGIN_FAILED',
  'LOGOUT',
  'SESSION_ENDED',
  'SESSIONS_ENDED',
  'REFRESH_REUSED',
  // Passwords and profile
  'PASSWORD_CHANGED',
  'PASSWORD_CHANGE_FAILED',
  'PASSWORD_UPDATED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET',
  'PASSWORD_RESET_REFUSED',
  'PROFILE_UPDATED',
  'EMAIL_CHANGE_REFUSED',
  // Accounts and invitations
  'USER_REGISTERED',
  'USER_INVITED',
  'USER_INVITED_EXISTING',
  'INVITATION_RESENT',
  'INVITATION_CANCELLED',
  'USER_ACTIVATED',
  'USER_DEACTIVATED',
  'USER_ROLE_CHANGED',
  'USER_UNLOCKED',
  /** No longer written: accounts are throttled, never locked. */
  'ACCOUNT_LOCKED',
  'COUNTRY_ACTIVATED',
  'COUNTRY_DEACTIVATED',
  // Offers, counter offers and requests
  'OFFER_CREATED',
  'OFFER_SAVED',
  'OFFER_SUBMITTED',
  'OFFER_COMMITMENT',
  'OFFER_RETURNED',
  'OFFER_FINAL_OFFER',
  'OFFER_RESPONDED',
  'COUNTER_OFFER_DRAFTED',
  'COUNTER_OFFER_ENTRY_OPEN',
  'COUNTER_OFFER_ENTRY_ACCEPTED',
  'COUNTER_OFFER_ENTRY_DECLINED',
  'COUNTER_OFFER_ENTRY_DISCUSSED',
  'REQUEST_CREATED',
  'REQUEST_SAVED',
  'REQUEST_SENT',
  'REQUEST_ANSWERED',
  'REQUEST_DISCUSSED',
  'REQUEST_WITHDRAWN',
  // Sectors and GATS
  'SERVICE_ADDED',
  'GATS_IMPORTED',
  // Files
  'FILE_UPLOADED',
  'FILE_DELETED',
  'FILE_EXPIRED',
  // Chat
  'CHAT_ROOM_CREATED',
  'CHAT_USER_INVITED',
  'CHAT_USER_LEFT',
  'CHAT_USER_REMOVED',
  'CHAT_MESSAGE_EDITED',
  'CHAT_MESSAGE_DELETED',
  // Content and settings
  'CMS_CREATED',
  'CMS_UPDATED',
  'CMS_DELETED',
  'SETTINGS_CHANGED',
  'CONTACT_REPLIED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
