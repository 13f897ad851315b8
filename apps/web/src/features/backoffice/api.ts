/** The back-office, contact and newsletter calls of the contract (packages/shared/src/backoffice), through the one HTTP client. */
import type {
  AuditLog,
  CaptchaChallenge,
  ContactArchivedFilter,
  ContactMessage,
  HomeSettings,
  ManagedUser,
  NewsletterSubscriber,
  Role,
  UserRoleBody,
} from '@portal/shared';
import { http, request } from '../../api/http';

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  size: number;
}

interface UserDashboard {
  total: number;
  byRole: Record<string, number>;
  byStatus: Record<string, number>;
  byCountry: { countryCode: string; countryName: string; users: number }[];
  signInsLast30Days: number;
}

interface AuditLogQuery {
  page: number;
  size: number;
  action?: string;
  user?: string;
}

export interface UserQuery {
  page: number;
  size: number;
  search?: string;
  role?: Role;
  status?: ManagedUser['status'];
  country?: string;
}

/** The mailbox's page, and whether archived messages are listed too (hidden by default). */
export interface ContactQuery {
  page: number;
  size: number;
  archived?: ContactArchivedFilter;
}

type ContactBody = Pick<ContactMessage, 'firstName' | 'lastName' | 'companyName' | 'subject' | 'email' | 'message'>;
export type HomeSettingsUpdate = Partial<HomeSettings>;

/** A query string of the values that are set (empty filters are left out). */
function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const backofficeApi = {
  auditLogs: (q: AuditLogQuery, signal?: AbortSignal) =>
    http.get<Page<AuditLog>>(`/account-ms/logs/geo${queryString(q)}`, signal),
  users: (q: UserQuery, signal?: AbortSignal) => http.get<Page<ManagedUser>>(`/users${queryString(q)}`, signal),
  setUserStatus: (id: string, status: 'ACTIVE' | 'DISABLED') =>
    http.put<ManagedUser>(`/users/${encodeURIComponent(id)}/status`, { status }),
  /** A user's new role and country; refusals carry a code (ROLE_*, LAST_ADMIN, ADMIN_ACCOUNT_PROTECTED). */
  changeUserRole: (id: string, body: UserRoleBody) =>
    http.put<ManagedUser>(`/users/${encodeURIComponent(id)}/role`, body),
  dashboard: (signal?: AbortSignal) => http.get<UserDashboard>('/users/dashboard', signal),
  saveHomeSettings: (body: HomeSettingsUpdate) => http.put<HomeSettings>('/home', body),
  /** A PNG, JPG or SVG logo into the file store; the settings come back with the logo's new address. */
  uploadLogo: (file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return http.post<HomeSettings>('/home/logo', form);
  },
  contactMessages: (q: ContactQuery, signal?: AbortSignal) =>
    http.get<Page<ContactMessage>>(`/account-ms/contact-us${queryString(q)}`, signal),
  /** Archive a message (out of the mailbox's default list) or bring it back. */
  setContactArchived: (id: string, archived: boolean) =>
    http.put<ContactMessage>(`/account-ms/contact-us/${encodeURIComponent(id)}/archived`, { archived }),
  replyToContact: (body: { id: string; message: string; subject?: string }) =>
    http.post<ContactMessage>('/account-ms/contact-us/replay/', body),
  /** GET /newslettersubscriber: every subscriber, oldest first (the list is searched and paged here). */
  newsletterSubscribers: (signal?: AbortSignal) => http.get<NewsletterSubscriber[]>('/newslettersubscriber', signal),
};

export const publicApi = {
  /** The solved captcha travels in the captcha-response header, as for the newsletter. */
  sendContactMessage: (body: ContactBody, captchaResponse: string) =>
    request<null>('POST', '/contact-us', { body, headers: { 'captcha-response': captchaResponse } }),
  captchaChallenge: (signal?: AbortSignal) => http.get<CaptchaChallenge>('/captcha/challenge', signal),
  /** The solved captcha travels in the captcha-response header. */
  subscribe: (email: string, captchaResponse: string) =>
    request<null>('POST', '/newslettersubscriber', {
      body: { email, new: true },
      headers: { 'captcha-response': captchaResponse },
    }),
};

export const backofficeKeys = {
  auditLogs: (q: AuditLogQuery) => ['backoffice', 'audit-logs', q] as const,
  users: (q?: UserQuery) => (q ? (['backoffice', 'users', q] as const) : (['backoffice', 'users'] as const)),
  dashboard: () => ['backoffice', 'users-dashboard'] as const,
  contact: (q?: ContactQuery) => (q ? (['backoffice', 'contact', q] as const) : (['backoffice', 'contact'] as const)),
  newsletter: () => ['backoffice', 'newsletter'] as const,
};
