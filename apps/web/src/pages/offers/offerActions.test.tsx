import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { OfferListItem, Profile, Role } from '@portal/shared';
import { PROFILE_KEY } from '../../features/session/useSession';
import OffersDonePage from './OffersDonePage';
import OfferManagementPage from './OfferManagementPage';
import OffersPage from './OffersPage';
import OffersValidatePage from './OffersValidatePage';

const offer = (over: Partial<OfferListItem>): OfferListItem => ({
  id: 'o-ke',
  name: 'Kenya Conditional Initial Offer',
  countryId: 1,
  countryCode: 'KE',
  countryName: 'Kenya',
  status: 'COMMITMENT',
  submittedToAU: true,
  versions: 1,
  sectors: 2,
  regionCreated: false,
  updatedAt: '2026-01-01T10:00:00Z',
  lastSubmittedAt: '2026-01-01T10:00:00Z',
  countryActive: true,
  ...over,
});
const KENYA = offer({});
const GHANA_BY_SECRETARIAT = offer({
  id: 'o-gh',
  name: 'Ghana Conditional Initial Offer',
  countryId: 2,
  countryCode: 'GH',
  countryName: 'Ghana',
  regionCreated: true,
});

function profileOf(role: Role, countryCode: string | null): Profile {
  return {
    userId: 'u1',
    name: 'A User',
    firstName: 'A',
    lastName: 'User',
    language: 'en',
    email: 'a@example.org',
    role,
    roles: [role],
    userRole: role,
    countryCode,
    countryName: null,
    region: null,
    regionName: null,
    title: null,
    titlePrefix: null,
    phoneNumber: null,
    whatsappNumber: null,
    proofOfCountry: null,
    accreditationDetails: null,
    userInfo: { authorities: [] },
  } as Profile;
}

/** Shows where a Discuss button led, with the navigation state /chat reads. */
function ChatProbe() {
  const location = useLocation();
  return <p>Chat with offer {(location.state as { offerId?: string } | null)?.offerId}</p>;
}

function renderPage(page: ReactNode, path: string, who: Profile, answers: Record<string, unknown>) {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify({ payload: answers[url.replace(/^\/api/, '')] ?? [] }), { status: 200 }),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(PROFILE_KEY, who);
  const router = createMemoryRouter(
    [
      { path, element: page },
      { path: '/chat', element: <ChatProbe /> },
      { path: '/offers', element: <p>Offers page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('offer actions by role', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('a regional advisor with no offers is not invited to create one', async () => {
    renderPage(<OffersPage />, '/offers', profileOf('REGIONAL_ADVISOR', null), { '/offers': [] });
    await screen.findByText('No offer yet.');
    expect(screen.queryByText('Your country has no conditional initial offer yet.')).toBeNull();
    expect(screen.queryByRole('link', { name: /New offer/ })).toBeNull();
  });

  it("a chief negotiator whose country has no offer gets 'New offer'", async () => {
    renderPage(<OffersPage />, '/offers', profileOf('CHIEF_NEGOTIATOR', 'KE'), { '/offers': [] });
    expect(await screen.findByText('Your country has no conditional initial offer yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /New offer/ })).toBeTruthy();
  });

  it('the secretariat is offered Edit only on an offer it created for a country', async () => {
    renderPage(<OfferManagementPage />, '/backoffice/offer-management', profileOf('AFRICAN_UNION', null), {
      '/offers': [KENYA, GHANA_BY_SECRETARIAT],
    });
    await screen.findByText('Ghana Conditional Initial Offer');
    expect(within(row('Kenya Conditional Initial Offer')).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(row('Ghana Conditional Initial Offer')).getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it("a regional advisor sees no Edit on /offers, a country's negotiator sees it on their own offer", async () => {
    renderPage(<OffersPage />, '/offers', profileOf('REGIONAL_ADVISOR', null), { '/offers': [KENYA] });
    await screen.findByText('Kenya Conditional Initial Offer');
    expect(within(row('Kenya Conditional Initial Offer')).queryByRole('link', { name: 'Edit' })).toBeNull();
    cleanup();
    renderPage(<OffersPage />, '/offers', profileOf('SERVICE_FOCAL_POINT', 'KE'), { '/offers': [KENYA] });
    await screen.findByText('Kenya Conditional Initial Offer');
    expect(within(row('Kenya Conditional Initial Offer')).getByRole('link', { name: 'Edit' })).toBeTruthy();
  });

  it('the validation queue leads to /offers to create an offer for a member state', async () => {
    renderPage(<OffersValidatePage />, '/offers-validate', profileOf('AFRICAN_UNION', null), {
      '/offers/validate': [],
    });
    fireEvent.click(await screen.findByRole('link', { name: /Create an offer for a member state/ }));
    expect(await screen.findByText('Offers page')).toBeTruthy();
  });

  it("Discuss on another country's conditional offer opens /chat with that offer; not on one's own", async () => {
    renderPage(<OffersDonePage />, '/offers-done', profileOf('CHIEF_NEGOTIATOR', 'KE'), {
      '/offers/done': [KENYA, GHANA_BY_SECRETARIAT],
    });
    await screen.findByText('Ghana Conditional Initial Offer');
    expect(within(row('Kenya Conditional Initial Offer')).queryByRole('button', { name: /Discuss/ })).toBeNull();
    fireEvent.click(within(row('Ghana Conditional Initial Offer')).getByRole('button', { name: 'Discuss: Ghana' }));
    expect(await screen.findByText('Chat with offer o-gh')).toBeTruthy();
  });
});
