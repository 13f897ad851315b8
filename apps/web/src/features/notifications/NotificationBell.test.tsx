import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyNotifications, Notification } from '@portal/shared';
import { NotificationBell } from './NotificationBell';

// No live connection in a unit test: the bell reads the list over HTTP.
vi.mock('../../api/stomp', () => ({ openLive: () => ({ subscribe: () => undefined, close: async () => undefined }) }));

const note = (i: number, read: boolean): Notification => ({
  id: `n${i}`,
  subject: `Subject ${i}`,
  text: `Text ${i}`,
  createdAtNotification: '2026-01-01T10:00:00Z',
  read,
  kind: 'OFFER',
  link: null,
  count: 1,
});

describe('notification bell', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("'Mark all as read' marks every notification, not only the unread ones among the 20 shown", async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('access_exp', String(Date.now() + 60_000));
    // 25 unread in all: 20 shown, of which 2 are unread; 23 more beyond the popover.
    const my: MyNotifications = { unread: 25, notifications: Array.from({ length: 20 }, (_, i) => note(i, i >= 2)) };
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/notifications/my'
        ? new Response(JSON.stringify({ payload: my }), { status: 200 })
        : new Response(JSON.stringify({ payload: { unread: 0 } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <MemoryRouter>
            <NotificationBell />
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    const bell = await screen.findByRole('button', { name: /25/ });
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/notifications/all')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/notifications/all')!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({});
  });
});
