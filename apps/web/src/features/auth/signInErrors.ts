import type { TFunction } from 'i18next';
import { MESSAGES } from '@portal/shared';
import { ApiError } from '../../api/http';

/** The server's sign-in messages we know, shown in the interface language. */
const KNOWN = {
  [MESSAGES.badCredentials]: 'auth.badCredentials',
  [MESSAGES.badCode]: 'auth.badCode',
  [MESSAGES.accountLocked]: 'auth.locked',
  [MESSAGES.accountDisabled]: 'auth.disabled',
  [MESSAGES.tooManyRequests]: 'auth.tooMany',
} as const;

/** What to tell the user when a sign-in step is refused: the server's message, translated when we know it. */
export function signInErrorText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.generic');
  if (error.status === 0) return t('auth.network');
  if (error.status === 423) return t('auth.locked');
  if (error.status === 429) return t('auth.tooMany');
  const known = (KNOWN as Record<string, (typeof KNOWN)[keyof typeof KNOWN]>)[error.message];
  return known ? t(known) : error.message || t('errors.generic');
}

/** Where to go after signing in: the page the user was sent away from, else the dashboard. */
export function afterSignIn(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/dashboard';
  if (from.startsWith('/login') || from.startsWith('/two-factor')) return '/dashboard';
  return from;
}
