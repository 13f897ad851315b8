import type { TFunction } from 'i18next';
import { ApiError } from '../../api/http';
import { errorText } from '../../api/errorText';

/** What to tell the user when a sign-in step is refused: by code (errorText), in the interface language. */
export function signInErrorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return t('auth.network');
    if (error.status === 429 && error.code !== 'SIGN_IN_DELAYED') return t('auth.tooMany');
  }
  return errorText(t, error);
}

/** Where to go after signing in: the page the user was sent away from, else the dashboard. */
export function afterSignIn(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/dashboard';
  if (from.startsWith('/login') || from.startsWith('/two-factor')) return '/dashboard';
  return from;
}
