/** The user-management calls of the contract (packages/shared/src/profile), through the one HTTP client. */
import type { ActiveSession, FocalUser, InvitedCount, InvitedUser, Role } from '@portal/shared';
import { http } from '../../api/http';

/** A row of GET /profile/focal; userRole is shown when the server sends it (the secretariat's list mixes roles). */
export type DirectoryUser = FocalUser & { userRole?: Role | string | null };

export const usersApi = {
  /** Chief negotiator: his country's focal points; the secretariat: every country user. */
  focal: (signal?: AbortSignal) => http.get<DirectoryUser[]>('/profile/focal', signal),
  invite: (users: InvitedUser[]) => http.post<InvitedCount>('/profile/invite', users),
  /** A pending invitation mailed again with a new link (the previous one stops working). */
  resendInvitation: (userId: string) => http.post<null>(`/profile/invitations/${encodeURIComponent(userId)}/resend`),
  /** A pending invitation withdrawn: its link stops working and the address may be invited again. */
  cancelInvitation: (userId: string) => http.delete<null>(`/profile/invitations/${encodeURIComponent(userId)}`),
  /** Administrators: a user's active sessions, and signing them all out. */
  sessions: (userId: string, signal?: AbortSignal) =>
    http.get<ActiveSession[]>(`/users/${encodeURIComponent(userId)}/sessions`, signal),
  endSessions: (userId: string) => http.delete<{ ended: number }>(`/users/${encodeURIComponent(userId)}/sessions`),
  /** One's own sessions, from the profile; signing out everywhere ends this one too. */
  mySessions: (signal?: AbortSignal) => http.get<ActiveSession[]>('/profile/sessions', signal),
  endMySessions: () => http.delete<{ ended: number }>('/profile/sessions'),
};

export const userKeys = {
  focal: () => ['users', 'focal'] as const,
  sessions: (userId: string) => ['users', 'sessions', userId] as const,
  mySessions: () => ['profile', 'sessions'] as const,
};
