import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { ChatSearchHit } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { AllRoomsSearch } from './AllRoomsSearch';
import { testMessage } from '../../test/chat';

configure({ asyncUtilTimeout: 8000 });

const hit: ChatSearchHit = {
  ...testMessage({
    conversation: 'Aïssatou brings the fallback position',
    romes: { id: 'room-7' },
    sender: { userId: 'u2', firstName: 'Moussa', lastName: 'Diop' },
  }),
  roomId: 'room-7',
  roomTitle: 'Ghana Conditional Initial Offer',
};

let urls: string[] = [];
beforeEach(() => {
  stubAntdBrowserApis();
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(String(url));
      const payload = String(url).includes('q=nothing') ? [] : [hit];
      return new Response(JSON.stringify({ payload }), { headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = () => {
  const router = createMemoryRouter(
    [
      { path: '/chat', element: <AllRoomsSearch /> },
      { path: '/chat/:id/:version', element: <p>Room opened</p> },
    ],
    { initialEntries: ['/chat'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
};

const search = (name: string, value: string) => {
  const box = screen.getByRole('searchbox', { name });
  fireEvent.change(box, { target: { value } });
  fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
};

describe('searching all one’s conversations', { timeout: 20_000 }, () => {
  it('asks the server across rooms, lists each hit with its room, and the room opens from it', async () => {
    await applyLanguage('en');
    const router = wrap();
    search('Search all conversations', '  aissatou ');
    const results = await screen.findByRole('region', { name: 'Messages found in your conversations' });
    expect(await within(results).findByText('Messages found: 1')).toBeTruthy();
    expect(results.textContent).toContain('Aïssatou brings the fallback position');
    expect(results.textContent).toContain('Moussa Diop');
    expect(urls.at(-1)).toContain('/chats/searchMessages?q=aissatou');
    const link = within(results).getByRole('link', { name: 'Ghana Conditional Initial Offer' });
    expect(link.getAttribute('href')).toBe('/chat/room-7/0');
    fireEvent.click(link);
    expect(await screen.findByText('Room opened')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chat/room-7/0');
  });

  it('says when nothing is found, in the interface language', async () => {
    await applyLanguage('fr');
    wrap();
    search('Rechercher dans toutes les conversations', 'nothing');
    expect(await screen.findByText('Aucun message trouvé')).toBeTruthy();
    await applyLanguage('en');
  });
});
