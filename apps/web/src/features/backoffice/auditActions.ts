/** The actions the server writes to the audit trail (apps/server: writeAudit calls), for the filter and their labels. */
export const AUDIT_ACTIONS = [
  'LOGIN',
  'LOGIN_FAILED',
  'LOGOUT',
  'SESSION_ENDED',
  'REFRESH_REUSED',
  'PASSWORD_CHANGED',
  'PASSWORD_CHANGE_FAILED',
  'PASSWORD_UPDATED',
  'PROFILE_UPDATED',
  'USER_REGISTERED',
  'USER_INVITED',
  'USER_INVITED_EXISTING',
  'USER_ACTIVATED',
  'USER_DEACTIVATED',
  'COUNTRY_ACTIVATED',
  'COUNTRY_DEACTIVATED',
  'OFFER_CREATED',
  'OFFER_SAVED',
  'OFFER_SUBMITTED',
  'OFFER_COMMITMENT',
  'OFFER_RETURNED',
  'OFFER_FINAL_OFFER',
  'OFFER_RESPONDED',
  'SERVICE_ADDED',
  'GATS_IMPORTED',
  'FILE_UPLOADED',
  'FILE_DELETED',
  'FILE_EXPIRED',
  'CHAT_ROOM_CREATED',
  'CHAT_USER_INVITED',
  'CHAT_USER_LEFT',
  'CHAT_USER_REMOVED',
  'CMS_CREATED',
  'CMS_UPDATED',
  'CMS_DELETED',
  'SETTINGS_CHANGED',
  'CONTACT_REPLIED',
  // Pending invitations (issue 14).
  'INVITATION_RESENT',
  'INVITATION_CANCELLED',
  // Role and country changes (issue 14).
  'USER_ROLE_CHANGED',
  // Locked accounts and sessions (issue 14).
  'ACCOUNT_LOCKED',
  'USER_UNLOCKED',
  'SESSIONS_ENDED',
] as const;
type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isKnownAction = (action: string): action is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(action);
