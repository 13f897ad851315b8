import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import '../../i18n';
import { SessionBridge } from './SessionBridge';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <><SessionBridge /><p>Dashboard page</p></> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

function signedIn() {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
}

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
      vi.fn(async () => new Response(JSON.stringify({ message: 'UNAUTHORIZED', code: 'UNAUTHORIZED' }), { status: 401 })),
    );
    renderAt('/dashboard');
    await screen.findByText('Sign-in page');
    await waitFor(() => expect(localStorage.getItem('access_token')).toBeNull());
    expect(screen.queryByText('Please login again.')).toBeNull();
  });
});
