import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MyNotifications, Notification } from '@portal/shared';
import { chatKeys } from '../chat/api';
import { NotificationBell } from './NotificationBell';

// No live connection in a unit test: the bell reads the list over HTTP; a test tells it the connection came up.
const live = vi.hoisted(() => ({ onState: (_up: boolean) => {} }));
vi.mock('../../api/stomp', () => ({
  openLive: (_path: string, options: { onState?: (up: boolean) => void }) => {
    live.onState = options.onState ?? (() => {});
    return { subscribe: () => undefined, close: async () => undefined };
  },
}));

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

const signIn = () => {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
};

const renderBell = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <NotificationBell />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );

describe('notification bell', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('reads /api/notifications/my once as the page opens, again only when the live connection comes back', async () => {
    signIn();
    const my: MyNotifications = { unread: 3, notifications: [note(1, false)] };
    const fetchMock = vi.fn(async (_url: string) => new Response(JSON.stringify({ payload: my }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    renderBell();
    await screen.findByRole('button', { name: /3/ });
    const reads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/notifications/my').length;
    expect(reads()).toBe(1);
    live.onState(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toBe(1);
    live.onState(false);
    live.onState(true);
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('reads the open list of rooms again once the first live connection is confirmed (a room made meanwhile)', async () => {
    signIn();
    const my: MyNotifications = { unread: 0, notifications: [] };
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/chats/getAllRomes'
        ? new Response(JSON.stringify({ payload: [] }), { status: 200 })
        : new Response(JSON.stringify({ payload: my }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Rooms() {
      useQuery({
        queryKey: chatKeys.contactRooms(),
        queryFn: () => fetch('/api/chats/getAllRomes').then((r) => r.json()),
      });
      return null;
    }
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <MemoryRouter>
            <NotificationBell />
            <Rooms />
          </MemoryRouter>
        </AntApp>
      </QueryClientProvider>,
    );
    const reads = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path).length;
    await waitFor(() => expect(reads('/api/chats/getAllRomes')).toBe(1));
    live.onState(true);
    await waitFor(() => expect(reads('/api/chats/getAllRomes')).toBe(2));
    expect(reads('/api/notifications/my')).toBe(1);
  });

  it("'Mark all as read' marks every notification, not only the unread ones among the 20 shown", async () => {
    signIn();
    // 25 unread in all: 20 shown, of which 2 are unread; 23 more beyond the popover.
    const my: MyNotifications = { unread: 25, notifications: Array.from({ length: 20 }, (_, i) => note(i, i >= 2)) };
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/notifications/my'
        ? new Response(JSON.stringify({ payload: my }), { status: 200 })
        : new Response(JSON.stringify({ payload: { unread: 0 } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderBell();
    const bell = await screen.findByRole('button', { name: /25/ });
    fireEvent.click(bell);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => url === '/api/notifications/all')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/notifications/all')!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({});
  });

  it('opened from the keyboard, takes the focus to the first notification; Escape gives it back to the bell', async () => {
    signIn();
    const my: MyNotifications = { unread: 1, notifications: [note(1, false), note(2, true)] };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ payload: my }), { status: 200 })),
    );
    renderBell();
    const bell = await screen.findByRole('button', { name: /1/ });
    bell.focus();
    fireEvent.click(bell);
    const first = await screen.findByRole('button', { name: /Subject 1/ });
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.getByRole('button', { name: /Subject 2/ })).toBeTruthy();
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(first, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(bell));
    expect(bell.getAttribute('aria-expanded')).toBe('false');
  });
});
