import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { completeSignIn, signOut } from '../../api/http';
import { SessionBridge } from './SessionBridge';
import { PROFILE_KEY, type SignInState, useLogout } from './useSession';

/** The menu's "Sign out" (forgets drafts) and the idle logout (keeps them, says why). */
function LogoutButtons() {
  const logout = useLogout();
  return (
    <>
      <button onClick={() => void logout({ forgetDrafts: true })}>Sign out</button>
      <button onClick={() => void logout({ reason: 'idle', idleMs: 60_000, from: '/add-offer' })}>Idle</button>
    </>
  );
}

function SignInPage() {
  const state = useLocation().state as SignInState | null;
  return <p>Sign-in page {state?.reason ? `${state.reason} from ${state.from}` : ''}</p>;
}

function renderAt(path: string, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <SessionBridge />
            <p>Dashboard page</p>
            <LogoutButtons />
          </>
        ),
      },
      { path: '/login', element: <SignInPage /> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router, client);
}

function renderRouter(
  router: ReturnType<typeof createMemoryRouter>,
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return client;
}

/** A cache holding the previous user's answers, as a signed-in session leaves it. */
function cacheWithPreviousUser() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['offers', 'list'], [{ id: 'kenya-offer' }]);
  client.setQueryData(['notifications', 'my'], { unread: 3, notifications: [] });
  return client;
}

function signedIn() {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
}

/** Unsaved work of two users of this browser, and a setting that is not a draft. */
function leaveDrafts() {
  localStorage.setItem('offer-draft:kenya-user:new', '{}');
  localStorage.setItem('offer-draft:ghana-user:counter:o1', '{}');
  localStorage.setItem('locale', 'fr');
}

const draftKeys = () => Object.keys(localStorage).filter((k) => k.startsWith('offer-draft:'));

describe('session bridge', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("a profile that fails to load (not 401) says 'Please login again.' and logs out", async () => {
    signedIn();
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/profile/current'
        ? new Response(JSON.stringify({ message: 'boom', code: 'INTERNAL' }), { status: 500 })
        : new Response(JSON.stringify({ payload: null }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/dashboard');
    await screen.findByText('Please login again.');
    await screen.findByText('Sign-in page');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/log/logout');
  });

  it('a refused refresh sends the user to sign in', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }), { status: 401 }),
      ),
    );
    renderAt('/dashboard');
    await screen.findByText('Sign-in page');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(screen.queryByText('Please login again.')).toBeNull();
  });

  it('signing out forgets every cached answer of the user', async () => {
    signedIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: null }), { status: 200 })),
    );
    const client = renderAt('/dashboard', cacheWithPreviousUser());
    await screen.findByText('Dashboard page');
    await act(() => signOut());
    expect(client.getQueryData(['offers', 'list'])).toBeUndefined();
    expect(client.getQueryData(['notifications', 'my'])).toBeUndefined();
  });

  it('signing in starts from an empty cache, before the new profile is loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/oauth/token'
          ? new Response(
              JSON.stringify({ access_token: 'a2', refresh_token: 'r2', expires_in: 300, token_type: 'Bearer' }),
              { status: 200 },
            )
          : new Response(JSON.stringify({ payload: {} }), { status: 200 }),
      ),
    );
    const client = renderAt('/dashboard', cacheWithPreviousUser());
    await screen.findByText('Dashboard page');
    await act(() => completeSignIn('mfa-token', '123456'));
    expect(client.getQueryData(['offers', 'list'])).toBeUndefined();
    expect(client.getQueryData(['notifications', 'my'])).toBeUndefined();
  });

  it('a session that ends without the user choosing it (signOut, refused refresh) keeps the drafts', async () => {
    signedIn();
    leaveDrafts();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }), { status: 401 }),
      ),
    );
    renderAt('/dashboard');
    await screen.findByText('Sign-in page');
    expect(draftKeys()).toHaveLength(2);
  });

  it('once the signed-in user is known, the drafts of every other user are deleted', async () => {
    signedIn();
    leaveDrafts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/profile/current'
          ? new Response(JSON.stringify({ payload: { userId: 'ghana-user', role: 'FOCAL_POINT' } }), { status: 200 })
          : new Response(JSON.stringify({ payload: null }), { status: 200 }),
      ),
    );
    renderAt('/dashboard');
    await waitFor(() => expect(draftKeys()).toEqual(['offer-draft:ghana-user:counter:o1']));
    expect(localStorage.getItem('locale')).toBe('fr');
  });

  it('the menu\'s "Sign out" deletes every local offer draft, whoever\'s', async () => {
    signedIn();
    leaveDrafts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: null }), { status: 200 })),
    );
    renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByText('Sign-in page');
    expect(draftKeys()).toEqual([]);
    expect(localStorage.getItem('locale')).toBe('fr');
  });

  it('the idle logout keeps the drafts and tells the sign-in page why and where to return', async () => {
    signedIn();
    leaveDrafts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: null }), { status: 200 })),
    );
    renderAt('/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'Idle' }));
    await screen.findByText('Sign-in page idle from /add-offer');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(draftKeys()).toHaveLength(2);
  });

  it('a token refresh (still signed in) keeps the cache and the drafts', async () => {
    signedIn();
    leaveDrafts();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: null }), { status: 200 })),
    );
    const client = renderAt('/dashboard', cacheWithPreviousUser());
    await screen.findByText('Dashboard page');
    act(() => {
      localStorage.setItem('refresh_token', 'rotated');
      window.dispatchEvent(new StorageEvent('storage', { key: 'refresh_token' }));
    });
    expect(client.getQueryData(['offers', 'list'])).toEqual([{ id: 'kenya-offer' }]);
    expect(draftKeys()).toHaveLength(2);
  });

  it('a session found expired after the idle logout has shown the sign-in page keeps its reason', async () => {
    signedIn();
    let refused = false;
    let refuseRefresh!: () => void;
    const refresh = new Promise<Response>(
      (resolve) =>
        (refuseRefresh = () =>
          resolve(new Response(JSON.stringify({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }), { status: 401 }))),
    );
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/oauth/token') return refresh;
      if (url === '/api/profile/current' && refused)
        return new Response(JSON.stringify({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }), { status: 401 });
      return new Response(JSON.stringify({ payload: { userId: 'kenya-user' } }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);
    // As in the app, the bridge above every page (it stays when the sign-in page replaces the dashboard).
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <SessionBridge />
              <Outlet />
            </>
          ),
          children: [
            { path: '/dashboard', element: <LogoutButtons /> },
            { path: '/login', element: <SignInPage /> },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    const client = renderRouter(router);
    await waitFor(() => expect(client.getQueryData(PROFILE_KEY)).toBeDefined());
    // A read of the old session is refused while it is still signed in: its refresh is under way.
    refused = true;
    void client.refetchQueries({ queryKey: PROFILE_KEY });
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/oauth/token'));
    fireEvent.click(screen.getByRole('button', { name: 'Idle' }));
    await screen.findByText('Sign-in page idle from /add-offer');
    // The refresh is refused after the sign-in page has shown: the session is found expired.
    await act(async () => {
      refuseRefresh();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(screen.getByText(/^Sign-in page/).textContent).toBe('Sign-in page idle from /add-offer');
  });
});
