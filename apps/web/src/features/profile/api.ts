/** The profile calls of the contract (packages/shared/src/profile), through the one HTTP client. */
import type { Language, Profile } from '@portal/shared';
import { http, request } from '../../api/http';
import type { Invitation, PasswordChange, ProfileUpdate, Register } from './contract';

export const profileApi = {
  /** PUT /profile: the user's details; with the password pair only from /password-management. */
  update: (body: ProfileUpdate) => http.put<Profile>('/profile', body),
  /** PUT /profile/language: the header's language choice, for the user's mails and notifications. */
  setLanguage: (language: Language) =>
    request<Profile>('PUT', '/profile/language', { body: { language }, keepalive: true }),
  /** POST /profile/reset: on success the server revokes all the user's sessions. */
  changePassword: (body: PasswordChange) => http.post<unknown>('/profile/reset', body),
  invitation: (token: string, signal?: AbortSignal) =>
    http.get<Invitation>(`/profile/invitation?token=${encodeURIComponent(token)}`, signal),
  register: (body: Register) => http.post<unknown>('/profile/register', body),
};
