/**
 * The editor alone shows a latest INITIAL_OFFER as IN_PROGRESS (lists show the real status),
 * the secretariat's send-back comment is at the top of the editor, and the title of an offer the secretariat made for
 * a country is read-only (the server names it).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Offer, OfferListItem, OfferVersionSummary, Profile } from '@portal/shared';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import { OfferTable } from '../../features/offers/list/OfferTable';
import { offerKeys } from '../../features/offers/queries';
import { PROFILE_KEY } from '../../features/session/useSession';
import EditOfferPage from './EditOfferPage';
import { testOffer } from '../../test/offer';

configure({ asyncUtilTimeout: 8000 });

const version = (over: Partial<OfferVersionSummary>): OfferVersionSummary => ({
  id: 'v1',
  number: 1,
  status: 'INITIAL_OFFER',
  createdAt: '2026-11-01T00:00:00.000Z',
  authorName: 'Amina Chief',
  comment: null,
  decidedAt: null,
  decidedByName: null,
  ...over,
});

const offerWith = (over: Partial<Offer>): Offer =>
  testOffer({ submittedToAU: true, offerVersions: [version({})], versions: 1, ...over });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/offers/checkOpenOffer/o1'
        ? json({ payload: { offerId: 'o1', expiresAt: '2026-11-01T00:01:00.000Z', heartbeatSeconds: 60 } })
        : json({ payload: null }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openEditor(offer: Offer, role: Profile['role'] = 'CHIEF_NEGOTIATOR') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(offerKeys.offer('o1'), offer);
  client.setQueryData(PROFILE_KEY, {
    userId: 'u1',
    role,
    countryCode: role === 'AFRICAN_UNION' ? null : 'KE',
  } as Profile);
  const router = createMemoryRouter([{ path: '/edit-offer/:id', element: <EditOfferPage /> }], {
    initialEntries: ['/edit-offer/o1'],
  });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('the status shown', { timeout: 20_000 }, () => {
  it('is IN_PROGRESS in the editor for a latest INITIAL_OFFER, the real status in a list', async () => {
    openEditor(offerWith({}));
    expect(await screen.findByText(/Kenya · In progress/)).toBeTruthy();
    cleanup();

    const row = {
      id: 'o1',
      name: 'Kenya Conditional Initial Offer',
      countryId: 1,
      countryCode: 'KE',
      countryName: 'Kenya',
      status: 'INITIAL_OFFER',
      submittedToAU: true,
      versions: 1,
      sectors: 0,
      regionCreated: false,
      updatedAt: '2026-11-01T00:00:00.000Z',
      lastSubmittedAt: '2026-11-01T00:00:00.000Z',
      countryActive: true,
    } as OfferListItem;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OfferTable label="Offers" rows={[row]} loading={false} columns={['name', 'status']} />
      </QueryClientProvider>,
    );
    const table = screen.getByRole('table');
    expect(within(table).getByText('Initial offer')).toBeTruthy();
    expect(within(table).queryByText('In progress')).toBeNull();
  });
});

describe('a returned offer in the editor', { timeout: 20_000 }, () => {
  it("shows the secretariat's comment, who sent it back and when, at the top", async () => {
    const comment = 'Merci de consolider le mode 3 — الخدمات القانونية';
    openEditor(
      offerWith({
        status: 'RETURNED',
        offerVersions: [
          version({
            status: 'RETURNED',
            comment,
            decidedAt: '2026-11-02T10:00:00.000Z',
            decidedByName: 'Sara Secretariat',
          }),
        ],
      }),
    );
    const notice = (await screen.findByText('The secretariat sent this offer back')).closest('.ant-alert')!;
    expect(notice.textContent).toContain('Sent back by Sara Secretariat on');
    expect(notice.textContent).toContain('(version 1)');
    const quote = within(notice as HTMLElement).getByText(comment);
    expect(quote.getAttribute('dir')).toBe('auto');
  });

  it('shows no notice when the latest version was not sent back', async () => {
    openEditor(offerWith({}));
    await screen.findByText(/Kenya · In progress/);
    expect(screen.queryByText('The secretariat sent this offer back')).toBeNull();
  });
});

describe("the title of the secretariat's offer for a country", { timeout: 20_000 }, () => {
  it('is read-only and says why', async () => {
    openEditor(offerWith({ regionCreated: true }), 'AFRICAN_UNION');
    const input = (await screen.findByDisplayValue('Kenya Conditional Initial Offer')) as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    expect(screen.getByText(/The secretariat names the offer it creates for a country/)).toBeTruthy();
  });

  it("stays editable on a country's own offer", async () => {
    openEditor(offerWith({}));
    const input = (await screen.findByDisplayValue('Kenya Conditional Initial Offer')) as HTMLInputElement;
    expect(input.readOnly).toBe(false);
  });
});
