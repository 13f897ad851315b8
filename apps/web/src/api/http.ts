/**
 * The one HTTP client of the web app, and the only module that knows the session tokens.
 * Every call carries a `timezone` header and, while a valid access token exists, `Authorization: Bearer`.
 * A 401 UNAUTHORIZED refreshes the tokens once (single flight) and replays; a refused refresh ends the session.
 */
import type { MfaChallenge, TokenResponse } from '@portal/shared';
import { baseHeaders, STORAGE, validAccessToken } from './callHeaders';
import { forgetOfflineCopies } from './offline';

/** The web app is a public OAuth client: these credentials identify the app, they protect nothing. */
const CLIENT_BASIC = `Basic ${btoa('portal-web:portal-web-secret')}`;
const API_BASE = '/api';

/** A refused call: the server's message and code, and the HTTP status (0 when the network failed). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    /** Seconds the server asked to wait before trying again (Retry-After of a 429 or 503), when it said so. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let onSessionExpired: () => void = () => window.location.assign('/login');
let refreshing: Promise<boolean> | null = null;

/** Called after a refused refresh has cleared the session (the app navigates to /login). */
export function setSessionExpiredHandler(handler: () => void): void {
  onSessionExpired = handler;
}

/** Notifies when the session starts or ends (for useSyncExternalStore), here or in another tab (this one follows). */
export function subscribeSession(listener: Listener): () => void {
  const otherTab = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE.refreshToken) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', otherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', otherTab);
  };
}

/** True while a session exists: a refresh token is kept (the access token may need refreshing). */
export function isSignedIn(): boolean {
  return localStorage.getItem(STORAGE.refreshToken) !== null;
}

/**
 * An access token that has not expired, refreshed first when it has (one call, shared with any other refresh in
 * flight); null when signed out. The live channels put it in their CONNECT frame.
 */
export async function freshAccessToken(): Promise<string | null> {
  const valid = validAccessToken();
  if (valid || !isSignedIn()) return valid;
  await refreshTokens().catch(() => false);
  return validAccessToken();
}

/**
 * The server ends a session that has not been refreshed for its idle limit. A user busy in the page without
 * calling the server (typing a long commitment) calls this on activity: when the access token is about to expire,
 * it is refreshed now, so the server counts the activity the browser saw.
 */
export function refreshIfExpiring(withinMs = 120_000): void {
  const exp = Number(localStorage.getItem(STORAGE.accessExp));
  if (!isSignedIn() || !exp || exp - Date.now() > withinMs) return;
  refreshTokens().catch(() => undefined);
}

function storeTokens(tokens: TokenResponse): void {
  localStorage.setItem(STORAGE.accessToken, tokens.access_token);
  localStorage.setItem(STORAGE.refreshToken, tokens.refresh_token);
  localStorage.setItem(STORAGE.accessExp, String(Date.now() + tokens.expires_in * 1000));
  accessTokenStored(tokens.access_token);
}

type TokenWatcher = (accessToken: string) => void;
const tokenWatchers = new Set<TokenWatcher>();
let renewalTimer: ReturnType<typeof setTimeout> | undefined;
/** A refresh that failed on the network is tried again this much later. */
const RENEWAL_RETRY_MS = 5_000;

/**
 * Calls `watcher` with every access token stored from now on, here or by another tab: a live connection renews its
 * grant with it on the open connection, which the server otherwise closes when the token it was opened with expires.
 * While anyone watches, the token is also refreshed ahead of its expiry (two minutes, or a third of a short token's
 * life), so a live connection on a quiet page is never closed for it. This moves the session's idle mark no more than
 * the reconnection it spares would have (its CONNECT refreshes the token too); the idle watcher still signs out.
 */
export function watchAccessToken(watcher: TokenWatcher): () => void {
  tokenWatchers.add(watcher);
  if (tokenWatchers.size === 1) {
    window.addEventListener('storage', otherTabStored);
    scheduleRenewal();
  }
  return () => {
    tokenWatchers.delete(watcher);
    if (tokenWatchers.size) return;
    window.removeEventListener('storage', otherTabStored);
    clearTimeout(renewalTimer);
  };
}

function accessTokenStored(accessToken: string): void {
  for (const watcher of [...tokenWatchers]) watcher(accessToken);
  scheduleRenewal();
}

function otherTabStored(event: StorageEvent): void {
  if (event.key === STORAGE.accessToken && event.newValue) accessTokenStored(event.newValue);
}

function scheduleRenewal(delayMs?: number): void {
  clearTimeout(renewalTimer);
  if (!tokenWatchers.size || !isSignedIn()) return;
  const left = Number(localStorage.getItem(STORAGE.accessExp)) - Date.now();
  const wait = delayMs ?? Math.max(0, left - Math.min(120_000, Math.max(0, left) / 3));
  renewalTimer = setTimeout(() => {
    // A stored token schedules the next renewal. A refused one schedules nothing: the session is over, and the next
    // call (or the live connection's UNAUTHORIZED) shows the sign-in page.
    refreshTokens().catch(() => scheduleRenewal(RENEWAL_RETRY_MS));
  }, wait);
}

function clearSession(): void {
  const had = isSignedIn() || localStorage.getItem(STORAGE.accessToken) !== null;
  void forgetOfflineCopies();
  localStorage.removeItem(STORAGE.accessToken);
  localStorage.removeItem(STORAGE.refreshToken);
  localStorage.removeItem(STORAGE.accessExp);
  if (had) listeners.forEach((l) => l());
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown, fallback: string, retryAfter?: string | null): ApiError {
  const b = (body ?? {}) as { message?: unknown; code?: unknown };
  const message = typeof b.message === 'string' && b.message ? b.message : fallback;
  const code = typeof b.code === 'string' ? b.code : status === 0 ? 'NETWORK' : `HTTP_${status}`;
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  return new ApiError(status, message, code, Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined);
}

/**
 * No `cache` option on purpose: an answer with an ETag and `no-cache` (an offer) is kept by the browser, which asks
 * again with If-None-Match and hands back the kept 200 when the server says 304.
 */
async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch {
    throw new ApiError(0, 'Network error', 'NETWORK');
  }
}

/** POST /oauth/token; its answer is not enveloped. */
async function tokenCall<T>(form: Record<string, string>): Promise<T> {
  const res = await send(`${API_BASE}/oauth/token`, {
    method: 'POST',
    headers: {
      ...baseHeaders(),
      Authorization: CLIENT_BASIC,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
  const body = await readJson(res);
  if (!res.ok) throw errorFrom(res.status, body, res.statusText || 'Request failed');
  return body as T;
}

/** Rotates the tokens once for every caller waiting at the same time; false when the server refused. */
function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = localStorage.getItem(STORAGE.refreshToken);
    if (!refreshToken) return false;
    try {
      storeTokens(await tokenCall<TokenResponse>({ grant_type: 'refresh_token', refresh_token: refreshToken }));
      return true;
    } catch (e) {
      // A network failure keeps the session: the user may simply be offline for a moment.
      if (e instanceof ApiError && e.status === 0) throw e;
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function isUnauthorized(status: number, body: unknown): boolean {
  return status === 401 && (body as { code?: unknown } | undefined)?.code === 'UNAUTHORIZED';
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers of one call (e.g. the newsletter's solved captcha); they cannot replace the ones set here. */
  headers?: Record<string, string>;
  /** The call outlives the page (fetch keepalive): a choice saved just before a reload or a link still arrives. */
  keepalive?: boolean;
}

/**
 * Sends one call under /api with the session: a 401 UNAUTHORIZED refreshes the tokens once and replays.
 * Resolves with the answer (body unread) when it is 2xx; otherwise throws an ApiError with the server's message and code.
 */
async function authorizedFetch(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
  const { body, signal, keepalive } = options;
  const attempt = async () => {
    const headers = { ...options.headers, ...baseHeaders() };
    const token = validAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await send(`${API_BASE}${path}`, { method, headers, body: payload, signal, keepalive });
    return { res, token };
  };

  const first = await attempt();
  let { res } = first;
  if (res.status === 401 && isSignedIn()) {
    const json = await readJson(res);
    if (!isUnauthorized(res.status, json)) throw errorFrom(res.status, json, res.statusText || 'Request failed');
    // Another call may have refreshed while this one was in flight: then just replay.
    const renewed = validAccessToken();
    const ok = (renewed !== null && renewed !== first.token) || (await refreshTokens());
    if (!ok) {
      clearSession();
      onSessionExpired();
      throw errorFrom(res.status, json, 'UNAUTHORIZED');
    }
    ({ res } = await attempt());
  }
  if (!res.ok)
    throw errorFrom(
      res.status,
      await readJson(res),
      res.statusText || 'Request failed',
      res.headers.get('Retry-After'),
    );
  return res;
}

/**
 * The payload of one call's answer carried inside another's (a screen's start call, e.g. GET /offers/{id}/editor),
 * or the ApiError that call would have thrown on its own.
 */
export function partPayload<T>(part: { status: number; body: unknown }): T {
  if (part.status >= 200 && part.status < 300) return (part.body as { payload?: T } | null)?.payload as T;
  throw errorFrom(part.status, part.body, `HTTP ${part.status}`);
}

/** Sends one call under /api and returns the envelope's payload. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const json = await readJson(await authorizedFetch(method, path, options));
  return (json as { payload?: T } | undefined)?.payload as T;
}

/** A file the server sent: its bytes and the name from its Content-Disposition (null when it named none). */
interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** Sends one call under /api (same session handling as `request`) and reads the answer as a file, not an envelope. */
export async function requestFile(method: string, path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
  const res = await authorizedFetch(method, path, options);
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition')) };
}

/** The file name of a Content-Disposition header: the UTF-8 `filename*` form first, else the plain `filename`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)'[^']*'([^;]+)/.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(disposition);
  if (!plain) return null;
  return (plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1') || null;
}

export const http = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

const DEVICE_KEY = 'portal_device';

/**
 * This browser's device id, kept across sign-ins and sign-outs: the server lets a browser its owner has signed in
 * from skip the check it asks after failed sign-ins on the address.
 */
function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    // getRandomValues, not randomUUID: the portal may be opened over plain HTTP on a closed network, where browsers
    // offer randomUUID (and crypto.subtle) only to secure contexts.
    id = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/**
 * Sign-in step 1: email and password; the server mails a one-time code. `captcha` is a solved proof-of-work
 * challenge, sent when the server asked for one (SIGN_IN_CHALLENGE).
 */
export function requestSignInCode(username: string, password: string, captcha?: string): Promise<MfaChallenge> {
  return tokenCall<MfaChallenge>({
    grant_type: 'mfa',
    username,
    password,
    device: deviceId(),
    ...(captcha ? { captcha } : {}),
  });
}

/**
 * Sign-in step 2: the mailed code; on success the session starts. `started` runs once the app has heard of it (its
 * cache emptied for the new user, SessionBridge) and before it renders for it: reads sent there leave before any the
 * signed-in screens would send as they render.
 */
export async function completeSignIn(mfaToken: string, code: string, started?: () => void): Promise<void> {
  await forgetOfflineCopies();
  storeTokens(await tokenCall<TokenResponse>({ grant_type: 'mfa', mfa_token: mfaToken, code, device: deviceId() }));
  listeners.forEach((l) => l());
  started?.();
}

/** Revokes the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  const refreshToken = localStorage.getItem(STORAGE.refreshToken);
  if (refreshToken) {
    try {
      await request('POST', '/log/logout', { body: { refresh_token: refreshToken } });
    } catch {
      // The tokens are forgotten below either way, and the server expires them.
    }
  }
  clearSession();
}
