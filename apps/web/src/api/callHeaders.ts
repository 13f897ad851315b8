/**
 * What every call of the app carries, read from the browser's storage alone: the session's keys there, the access
 * token while it is valid, and the headers of every call. No other import, so that the early start script
 * (app/earlyStart.ts), which runs before the app's own script, sends a screen's start call as the app would.
 */
export const STORAGE = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  accessExp: 'access_exp',
  locale: 'locale',
} as const;

/** Treat a token as expired slightly early, so it does not expire on its way to the server. */
const EXPIRY_SKEW_MS = 5_000;

/** The access token while it has not expired; null when it has or when signed out. */
export function validAccessToken(): string | null {
  const token = localStorage.getItem(STORAGE.accessToken);
  const exp = Number(localStorage.getItem(STORAGE.accessExp));
  return token && exp > Date.now() + EXPIRY_SKEW_MS ? token : null;
}

function timezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The headers of every call: the user's time zone, JSON, and the interface language once chosen. */
export function baseHeaders(): Record<string, string> {
  const headers: Record<string, string> = { timezone: timezone(), Accept: 'application/json' };
  const locale = localStorage.getItem(STORAGE.locale);
  if (locale) headers['Accept-Language'] = locale;
  return headers;
}
