import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Dashboard, Profile } from '@portal/shared';
import { PROFILE_KEY } from '../../features/session/useSession';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import { TEST_PROFILE } from '../../test/profile';
import DashboardPage from './DashboardPage';

configure({ asyncUtilTimeout: 8000 });

const AT = '2026-03-02T09:00:00.000Z';
const none: Dashboard = {
  myOffer: null,
  requests: null,
  counterOffers: null,
  rooms: [],
  awaitingDecision: null,
  countriesWithoutOffer: null,
};

function renderWith(profile: Profile, dashboard: Dashboard) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/dashboard'
        ? new Response(JSON.stringify({ payload: dashboard }), { status: 200 })
        : new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 }),
    ),
  );
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(PROFILE_KEY, profile);
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** The links of the section titled `title`, as the user reads them, with where they lead. */
async function linksOf(title: RegExp) {
  const heading = await screen.findByRole('heading', { name: title });
  const card = heading.closest('.waiting-section') as HTMLElement;
  return within(card)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

beforeEach(stubAntdBrowserApis);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/dashboard', { timeout: 60_000 }, () => {
  it("shows a negotiator their offer's status, the secretariat's comment, and what waits, each a link", async () => {
    renderWith(TEST_PROFILE, {
      ...none,
      myOffer: {
        offerId: 'o-ke',
        name: 'Kenya Conditional Initial Offer',
        status: 'RETURNED',
        versions: 1,
        updatedAt: AT,
        lastComment: { text: 'Please schedule mode 4.', versionNumber: 1, at: AT },
        link: '/edit-offer/o-ke',
      },
      requests: [
        {
          requestId: 'r1',
          offerId: 'o-ke',
          requestingCountryCode: 'SN',
          requestingCountryName: 'Senegal',
          sectorCount: 2,
          sentAt: AT,
          link: '/request-offer/o-ke/r1',
        },
      ],
      counterOffers: [],
      rooms: [{ roomId: 'room1', title: 'Mode 3', unread: 4, lastAt: AT, link: '/chat/room1/0' }],
    });
    expect((await screen.findByRole('link', { name: 'Kenya Conditional Initial Offer' })).getAttribute('href')).toBe(
      '/edit-offer/o-ke',
    );
    expect(screen.getByText('Returned')).toBeTruthy();
    expect(document.querySelector('blockquote')?.textContent).toBe(
      "Secretariat's comment on version 1: Please schedule mode 4.",
    );
    expect(await linksOf(/Requests received, not answered/)).toEqual([
      [expect.stringMatching(/^Request from Senegal: sectors asked 2, sent /), '/request-offer/o-ke/r1'],
    ]);
    expect(await linksOf(/Counter offers received/)).toEqual([]);
    expect(screen.getByText('Nothing waits here.')).toBeTruthy();
    expect(await linksOf(/Rooms with unread messages/)).toEqual([['Mode 3 (unread messages: 4)', '/chat/room1/0']]);
    // Not the secretariat's sections.
    expect(screen.queryByRole('heading', { name: /Versions awaiting a decision/ })).toBeNull();
  });

  it('shows the secretariat the versions awaiting a decision and the countries without an offer', async () => {
    renderWith({ ...TEST_PROFILE, role: 'AFRICAN_UNION', countryCode: null } as unknown as Profile, {
      ...none,
      awaitingDecision: [
        {
          offerId: 'o-sn',
          countryCode: 'SN',
          countryName: 'Senegal',
          name: 'Senegal Conditional Initial Offer',
          status: 'INITIAL_OFFER',
          versionNumber: 1,
          submittedAt: AT,
          link: '/offers-validate',
        },
      ],
      countriesWithoutOffer: [
        { countryId: 9, code: 'ZA', name: 'South Africa', nameFr: 'Afrique du Sud', nameAr: 'x', link: '/add-offer' },
      ],
    });
    expect(await linksOf(/Versions awaiting a decision/)).toEqual([
      [expect.stringMatching(/^Senegal: Initial offer, version 1, submitted /), '/offers-validate'],
    ]);
    expect(await linksOf(/Countries without an offer/)).toEqual([['South Africa: create its offer', '/add-offer']]);
    expect(screen.queryByRole('heading', { name: /Requests received/ })).toBeNull();
  });
});
