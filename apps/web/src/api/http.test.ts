import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  ApiError,
  completeSignIn,
  freshAccessToken,
  http,
  isSignedIn,
  refreshIfExpiring,
  requestSignInCode,
  setSessionExpiredHandler,
  signOut,
  watchAccessToken,
} from './http';
import { itemAt } from '../test/itemAt';

type Call = { url: string; init: RequestInit };
type Reply = { status: number; body?: unknown };

/** A fake fetch that answers from a function and records every call. */
function fakeFetch(answer: (call: Call, index: number) => Reply) {
  const calls: Call[] = [];
  const fn = vi.fn(async (url: string, init: RequestInit) => {
    const call = { url, init };
    calls.push(call);
    const { status, body } = answer(call, calls.length - 1);
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);
const unauthorized = { status: 401, body: { message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' } };
const tokens = (n: number) => ({
  status: 200,
  body: { access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 300, token_type: 'Bearer' },
});

function signedInWith(access: string, refresh: string, expiresInMs = 60_000) {
  localStorage.setItem('access_token', access);
  localStorage.setItem('refresh_token', refresh);
  localStorage.setItem('access_exp', String(Date.now() + expiresInMs));
}

describe('http client', () => {
  let expired: Mock<() => void>;
  beforeEach(() => {
    localStorage.clear();
    expired = vi.fn<() => void>();
    setSessionExpiredHandler(expired);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives the live channels a valid access token without a call, and refreshes an expired one first', async () => {
    const calls = fakeFetch(() => tokens(2));
    signedInWith('access-1', 'refresh-1');
    await expect(freshAccessToken()).resolves.toBe('access-1');
    expect(calls).toHaveLength(0);

    signedInWith('access-1', 'refresh-1', -1_000);
    await expect(freshAccessToken()).resolves.toBe('access-2');
    expect(calls.map((c) => c.url)).toEqual(['/api/oauth/token']);

    localStorage.clear();
    await expect(freshAccessToken()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('sends the timezone header on every call and no bearer when signed out', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { payload: [1, 2] } }));
    await expect(http.get('/countries')).resolves.toEqual([1, 2]);
    expect(calls[0]?.url).toBe('/api/countries');
    expect(header(itemAt(calls, 0), 'timezone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(header(itemAt(calls, 0), 'authorization')).toBeNull();
  });

  it('sends the bearer token while it is valid, and not once it has expired', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { payload: null } }));
    signedInWith('access-1', 'refresh-1');
    await http.get('/profile/current');
    expect(header(itemAt(calls, 0), 'authorization')).toBe('Bearer access-1');
    localStorage.setItem('access_exp', String(Date.now() - 1));
    await http.get('/home');
    expect(header(itemAt(calls, 1), 'authorization')).toBeNull();
  });

  it('throws an ApiError with the server message and code', async () => {
    fakeFetch(() => ({ status: 422, body: { message: 'Finalized', code: 'BUSINESS_RULE' } }));
    const error = await http.post('/offers', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: 'Finalized', code: 'BUSINESS_RULE' });
  });

  it('on UNAUTHORIZED refreshes once for concurrent calls and replays them with the new token', async () => {
    signedInWith('access-1', 'refresh-1');
    const calls = fakeFetch((call) => {
      if (call.url === '/api/oauth/token') return tokens(2);
      return header(call, 'authorization') === 'Bearer access-2'
        ? { status: 200, body: { payload: 'ok' } }
        : unauthorized;
    });
    const results = await Promise.all([http.get('/a'), http.get('/b')]);
    expect(results).toEqual(['ok', 'ok']);
    const refreshes = calls.filter((c) => c.url === '/api/oauth/token');
    expect(refreshes).toHaveLength(1);
    expect(header(itemAt(refreshes, 0), 'authorization')).toBe(`Basic ${btoa('portal-web:portal-web-secret')}`);
    expect(String(itemAt(refreshes, 0).init.body)).toBe('grant_type=refresh_token&refresh_token=refresh-1');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(expired).not.toHaveBeenCalled();
  });

  it('does not refresh a second time when the replay is refused again', async () => {
    signedInWith('access-1', 'refresh-1');
    const calls = fakeFetch((call) => (call.url === '/api/oauth/token' ? tokens(2) : unauthorized));
    await expect(http.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.filter((c) => c.url === '/api/oauth/token')).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('clears the session and hands over to the login page when the refresh is refused', async () => {
    signedInWith('access-1', 'refresh-1');
    fakeFetch((call) =>
      call.url === '/api/oauth/token'
        ? { status: 401, body: { message: 'expired', code: 'UNAUTHORIZED' } }
        : unauthorized,
    );
    await expect(http.get('/profile/current')).rejects.toBeInstanceOf(ApiError);
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('signs in in two steps and stores the tokens', async () => {
    const calls = fakeFetch((_call, i) =>
      i === 0 ? { status: 200, body: { mfa_required: true, mfa_token: 'mfa-1' } } : tokens(1),
    );
    await expect(requestSignInCode('focal.ke@portal.test', 'pw&1')).resolves.toEqual({
      mfa_required: true,
      mfa_token: 'mfa-1',
    });
    const device = localStorage.getItem('portal_device');
    expect(device).toMatch(/^[0-9a-f]{32}$/);
    expect(String(itemAt(calls, 0).init.body)).toBe(
      `grant_type=mfa&username=focal.ke%40portal.test&password=pw%261&device=${device}`,
    );
    expect(header(itemAt(calls, 0), 'content-type')).toBe('application/x-www-form-urlencoded');
    await completeSignIn('mfa-1', '123456');
    expect(String(itemAt(calls, 1).init.body)).toBe(`grant_type=mfa&mfa_token=mfa-1&code=123456&device=${device}`);
    expect(isSignedIn()).toBe(true);
    expect(Number(localStorage.getItem('access_exp'))).toBeGreaterThan(Date.now() + 290_000);
  });

  it('keeps the device id across sign-outs, and sends a solved challenge when given one', async () => {
    const calls = fakeFetch(() => ({ status: 200, body: { mfa_required: true, mfa_token: 'mfa-1' } }));
    await requestSignInCode('a@b.c', 'x');
    const device = localStorage.getItem('portal_device');
    signedInWith('access-1', 'refresh-1');
    await signOut();
    await requestSignInCode('a@b.c', 'x', 'c29sdmVk');
    expect(localStorage.getItem('portal_device')).toBe(device);
    expect(new URLSearchParams(String(calls.at(-1)!.init.body)).get('captcha')).toBe('c29sdmVk');
  });

  it('shows the server message when sign-in is refused', async () => {
    const message = 'Invalid email or password.';
    fakeFetch(() => ({
      status: 400,
      body: { error: 'invalid_grant', error_description: message, message, code: 'BAD_CREDENTIALS' },
    }));
    await expect(requestSignInCode('a@b.c', 'x')).rejects.toMatchObject({
      status: 400,
      message,
      code: 'BAD_CREDENTIALS',
    });
  });

  it('refreshes on activity only when the access token is about to expire', async () => {
    const calls = fakeFetch(() => tokens(2));
    signedInWith('access-1', 'refresh-1', 10 * 60_000);
    refreshIfExpiring();
    expect(calls).toHaveLength(0);
    signedInWith('access-1', 'refresh-1', 60_000);
    refreshIfExpiring();
    await vi.waitFor(() => expect(localStorage.getItem('access_token')).toBe('access-2'));
    expect(String(itemAt(calls, 0).init.body)).toBe('grant_type=refresh_token&refresh_token=refresh-1');
  });

  it('while a live connection watches, refreshes ahead of expiry and hands it each fresh token, this tab or another', async () => {
    vi.useFakeTimers();
    try {
      const calls = fakeFetch(() => tokens(2));
      signedInWith('access-1', 'refresh-1', 600_000);
      const seen: string[] = [];
      const stop = watchAccessToken((token) => seen.push(token));
      // Two minutes before the expiry, not earlier.
      await vi.advanceTimersByTimeAsync(479_000);
      expect(calls).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(calls).toHaveLength(1);
      expect(seen).toEqual(['access-2']);
      // Another tab refreshed: its token is handed over too.
      localStorage.setItem('access_token', 'access-3');
      window.dispatchEvent(new StorageEvent('storage', { key: 'access_token', newValue: 'access-3' }));
      expect(seen).toEqual(['access-2', 'access-3']);
      // Nobody watching: no refresh ahead of time.
      stop();
      await vi.advanceTimersByTimeAsync(600_000);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('logs out on the server with the refresh token and forgets the session', async () => {
    signedInWith('access-1', 'refresh-1');
    const calls = fakeFetch(() => ({ status: 200, body: { payload: null } }));
    await signOut();
    expect(calls[0]?.url).toBe('/api/log/logout');
    expect(header(itemAt(calls, 0), 'authorization')).toBe('Bearer access-1');
    expect(JSON.parse(String(itemAt(calls, 0).init.body))).toEqual({ refresh_token: 'refresh-1' });
    expect(isSignedIn()).toBe(false);
  });
});
