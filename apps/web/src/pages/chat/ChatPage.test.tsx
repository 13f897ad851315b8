import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { OfferListItem, Profile } from '@portal/shared';
import { PROFILE_KEY } from '../../features/session/useSession';
import ChatPage from './ChatPage';

// The room and the room lists are the chat area's; here only which room opens matters.
vi.mock('../../features/chat/ChatPane', () => ({ ChatPane: ({ roomId }: { roomId: string }) => <p>Room {roomId}</p> }));
vi.mock('../../features/chat/RoomList', () => ({ RoomList: () => null }));

const offer = (id: string, countryCode: string, countryName: string): OfferListItem => ({
  id,
  name: `${countryName} Conditional Initial Offer`,
  countryId: 1,
  countryCode,
  countryName,
  status: 'COMMITMENT',
  submittedToAU: true,
  versions: 1,
  sectors: 1,
  regionCreated: false,
  updatedAt: '2026-01-01T10:00:00Z',
  lastSubmittedAt: '2026-01-01T10:00:00Z',
  countryActive: true,
});

describe('/chat with no room chosen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks for the offer to discuss and opens its negotiation room', async () => {
    localStorage.setItem('access_token', 'a');
    localStorage.setItem('refresh_token', 'r');
    localStorage.setItem('access_exp', String(Date.now() + 60_000));
    const room = { id: 'room-gh', title: 'Ghana Conditional Initial Offer' };
    const answers: Record<string, unknown> = {
      '/offers': [offer('o-ke', 'KE', 'Kenya')],
      '/offers/done': [offer('o-ke', 'KE', 'Kenya'), offer('o-gh', 'GH', 'Ghana')],
      '/chats/getAllRomes': [],
      '/chats/getAllRoomesOffer': { received: [], sender: [room], invitation: [] },
      '/chats/addRoomOffer/o-gh': room,
    };
    const fetchMock = vi.fn(
      async (url: string) =>
        new Response(JSON.stringify({ payload: answers[url.replace(/^\/api/, '')] ?? [] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(PROFILE_KEY, {
      userId: 'u1',
      role: 'CHIEF_NEGOTIATOR',
      countryCode: 'KE',
      firstName: 'A',
      lastName: 'User',
    } as Profile);
    const router = createMemoryRouter([{ path: '/chat', element: <ChatPage /> }], { initialEntries: ['/chat'] });
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Select the offer you want to discuss')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Offer to discuss' }));
    // Only other countries' offers: Kenya's negotiator is not offered Kenya's.
    await screen.findByTitle('Ghana Conditional Initial Offer');
    expect(screen.queryByTitle('Kenya Conditional Initial Offer')).toBeNull();
    fireEvent.click(screen.getByTitle('Ghana Conditional Initial Offer'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => url === '/api/chats/addRoomOffer/o-gh')).toBe(true),
    );
    expect(await screen.findByText('Room room-gh')).toBeTruthy();
  });
});
