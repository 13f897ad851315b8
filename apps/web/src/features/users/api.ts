/** The user-management calls of the contract (packages/shared/src/profile), through the one HTTP client. */
import type { FocalUser, InvitedUser, Role } from '@portal/shared';
import { http } from '../../api/http';

/** A row of GET /profile/focal; userRole is shown when the server sends it (the secretariat's list mixes roles). */
export type DirectoryUser = FocalUser & { userRole?: Role | string | null };

export const usersApi = {
  /** Chief negotiator: his country's focal points; the secretariat: every country user. */
  focal: (signal?: AbortSignal) => http.get<DirectoryUser[]>('/profile/focal', signal),
  invite: (users: InvitedUser[]) => http.post<unknown>('/profile/invite', users),
  /** A pending invitation mailed again with a new link (the previous one stops working). */
  resendInvitation: (userId: string) => http.post<null>(`/profile/invitations/${encodeURIComponent(userId)}/resend`),
  /** A pending invitation withdrawn: its link stops working and the address may be invited again. */
  cancelInvitation: (userId: string) => http.delete<null>(`/profile/invitations/${encodeURIComponent(userId)}`),
};

export const userKeys = {
  focal: () => ['users', 'focal'] as const,
};
