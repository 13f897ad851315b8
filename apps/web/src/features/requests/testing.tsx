/** What the request screens' tests share: a signed-in user, a fake server answering by path, and the page rendered. */
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { OfferRequest, Profile, Sector } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { PROFILE_KEY } from '../session/useSession';
import { blankRequestSector } from './requestDocument';

export interface Call {
  method: string;
  url: string;
  body: unknown;
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Signs a user in (tokens and profile) and answers fetch by `routes` ("METHOD /api/path" → reply); anything else gets
 * an empty payload. Returns the calls made.
 */
export function fakeServer(routes: Record<string, (body: unknown) => Response>): Call[] {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      const reply = routes[`${method} ${url}`];
      return reply ? reply(body) : json({ payload: null });
    }),
  );
  return calls;
}

export function renderAt(path: string, routes: RouteObject[], profile: Partial<Profile>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(PROFILE_KEY, { userId: 'u1', ...profile } as Profile);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

/** A requested sector: 1.A.a Legal Services, asking for full market access in mode 3 unless `asking` is false. */
export function legalSector(asking = true): Sector {
  const sector: Sector = {
    ...blankRequestSector('s1'),
    services: [{ title: 'Legal Services', value: '1.A.a', key: '1.A.a' }],
    codes: ['1.A.a'],
  };
  if (asking) sector.sectorCommitement.limitationsMA.commercialPresence.value = 'None';
  return sector;
}

/** Senegal's request to Kenya's offer o1, sent; `over` changes it. */
export const testRequest = (over: Partial<OfferRequest> = {}): OfferRequest => ({
  id: 'q1',
  offerId: 'o1',
  offerName: 'Kenya Conditional Initial Offer',
  requestingCountryCode: 'SN',
  requestingCountryName: 'Senegal',
  requestedCountryCode: 'KE',
  requestedCountryName: 'Kenya',
  status: 'SENT',
  authorName: 'Awa Diop',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
  sentAt: '2026-11-01T09:00:00.000Z',
  answeredAt: null,
  withdrawnAt: null,
  sectorCount: 1,
  note: 'Please bind legal services.',
  sectors: [legalSector()],
  answer: null,
  permissions: { edit: false, send: false, answer: false, withdraw: false },
  ...over,
});
