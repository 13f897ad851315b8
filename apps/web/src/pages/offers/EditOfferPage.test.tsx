import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Profile } from '@portal/shared';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import { offerKeys } from '../../features/offers/queries';
import { draftIdFor, readDraft } from '../../features/offers/editor/draft';
import { leaseMoved } from '../../features/offers/editor/leaseMoves';
import { PROFILE_KEY } from '../../features/session/useSession';
import EditOfferPage from './EditOfferPage';
import { testOffer } from '../../test/offer';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const offer = testOffer();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/edit-offer/:id', { timeout: 20_000 }, () => {
  it('a lease lost to someone else mid-edit goes back to the list without the leave question', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    let beats = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === '/api/offers/checkOpenOffer/o1' && (init.method ?? 'GET') === 'GET') {
          beats += 1;
          return beats === 1
            ? json({ payload: { offerId: 'o1', expiresAt: '2026-11-01T00:01:00.000Z', heartbeatSeconds: 5 } })
            : json({ message: 'Offer already opened by another user', code: 'NOT_OPEN' }, 409);
        }
        return json({ payload: null });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(offerKeys.offer('o1'), offer);
    client.setQueryData(PROFILE_KEY, { userId: 'u1', role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' } as Profile);
    const router = createMemoryRouter(
      [
        { path: '/edit-offer/:id', element: <EditOfferPage /> },
        { path: '/offers', element: <p>Offers page</p> },
      ],
      { initialEntries: ['/edit-offer/o1'] },
    );
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByDisplayValue('Kenya Conditional Initial Offer'), {
      target: { value: 'Kenya offer' },
    });

    await act(async () => {
      vi.advanceTimersByTime(5_000);
    });
    expect(await screen.findByText('Offers page')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull();
  });

  /** The page over a fetch stub; `lease` answers each GET checkOpenOffer in turn (the last one thereafter). */
  function renderPage(lease: Response[], calls: string[]) {
    let beat = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push(`${init.method ?? 'GET'} ${url}`);
        if (url === '/api/offers/checkOpenOffer/o1' && (init.method ?? 'GET') === 'GET')
          return itemAt(lease, Math.min(beat++, lease.length - 1)).clone();
        if (url === '/api/offers/o1/takeover') return held();
        return json({ payload: null });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(offerKeys.offer('o1'), offer);
    client.setQueryData(PROFILE_KEY, { userId: 'u1', role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' } as Profile);
    const router = createMemoryRouter(
      [
        { path: '/edit-offer/:id', element: <EditOfferPage /> },
        { path: '/offers', element: <p>Offers page</p> },
      ],
      { initialEntries: ['/edit-offer/o1'] },
    );
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>,
    );
  }
  const held = () => json({ payload: { offerId: 'o1', expiresAt: '2026-11-01T00:01:00.000Z', heartbeatSeconds: 60 } });
  const otherSession = () =>
    json({ message: 'This offer is open in your other session', code: 'OFFER_OPEN_IN_OTHER_SESSION' }, 409);

  it("open in the same user's other session: says so and takes it over here", async () => {
    const calls: string[] = [];
    renderPage([otherSession()], calls);
    expect(await screen.findByText('This offer is open in your other session')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Take over here' }));
    expect(await screen.findByDisplayValue('Kenya Conditional Initial Offer')).toBeTruthy();
    expect(calls).toContain('POST /api/offers/o1/takeover');
  });

  it('taken over from the other session (told live): read-only with a notice, the unsaved work kept', async () => {
    const calls: string[] = [];
    renderPage([held(), otherSession()], calls);
    fireEvent.change(await screen.findByDisplayValue('Kenya Conditional Initial Offer'), {
      target: { value: 'Kenya offer, unsaved' },
    });
    act(() => leaseMoved('o1'));
    expect(await screen.findByText('You took this offer over in your other session')).toBeTruthy();
    expect(screen.queryByDisplayValue('Kenya offer, unsaved')).toBeNull();
    expect(readDraft(draftIdFor('u1', 'o1'))?.doc.name).toBe('Kenya offer, unsaved');
    // Not ours any more: the lease is not given back from here.
    expect(calls).not.toContain('DELETE /api/offers/checkOpenOffer/o1');
    // Taking it back here offers the work kept in the browser.
    fireEvent.click(screen.getByRole('button', { name: 'Take over here' }));
    expect(await screen.findByText(/were found in this browser/)).toBeTruthy();
  });
});
