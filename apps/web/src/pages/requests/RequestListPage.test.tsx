import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { RequestSummary } from '@portal/shared';
import { fakeServer, json, renderAt, testRequest } from '../../features/requests/testing';
import RequestListPage from './RequestListPage';

afterEach(() => vi.unstubAllGlobals());

const summary = (over: Partial<RequestSummary>): RequestSummary => {
  const { note: _n, sectors: _s, answer: _a, permissions: _p, ...rest } = testRequest();
  return { ...rest, ...over };
};

const countries = [
  { code: 'SN', name: 'Senegal', nameFr: 'Sénégal', nameAr: 'السنغال' },
  { code: 'KE', name: 'Kenya', nameFr: 'Kenya', nameAr: 'كينيا' },
  { code: 'GH', name: 'Ghana', nameFr: 'Ghana', nameAr: 'غانا' },
];

describe('/request-offer/', { timeout: 20_000 }, () => {
  it('lists the requests received and sent: the other country, status, date and number of sectors', async () => {
    fakeServer({
      'GET /api/request-offer': () =>
        json({
          payload: {
            received: [summary({ id: 'q1', sectorCount: 2 })],
            sent: [
              summary({
                id: 'q2',
                offerId: 'o2',
                offerName: 'Ghana Conditional Initial Offer',
                requestingCountryCode: 'KE',
                requestingCountryName: 'Kenya',
                requestedCountryCode: 'GH',
                requestedCountryName: 'Ghana',
                status: 'ANSWERED',
                sentAt: '2026-10-05T09:00:00.000Z',
                sectorCount: 3,
              }),
              summary({
                id: 'q3',
                status: 'DRAFT',
                sentAt: null,
                requestedCountryName: 'Ghana',
                requestedCountryCode: 'GH',
              }),
            ],
          },
        }),
      'GET /api/countries': () => json({ payload: countries }),
    });
    renderAt('/request-offer', [{ path: '/request-offer', element: <RequestListPage /> }], {
      role: 'CHIEF_NEGOTIATOR',
      countryCode: 'KE',
    });

    const received = await screen.findByRole('table', { name: 'Requests received' });
    const fromSenegal = (await within(received).findByText('Senegal')).closest('tr')!;
    expect(within(fromSenegal).getByText('Sent')).toBeTruthy();
    expect(within(fromSenegal).getByText('2')).toBeTruthy();
    expect(within(fromSenegal).getByRole('link', { name: 'Open: Senegal' }).getAttribute('href')).toBe(
      '/request-offer/o1/q1',
    );

    const sent = screen.getByRole('table', { name: 'Requests sent' });
    const rows = within(sent).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const answered = rows.find((r) => within(r).queryByText('Answered'))!;
    expect(within(answered).getByText('Ghana')).toBeTruthy();
    expect(within(answered).getByText('3')).toBeTruthy();
    expect(within(answered).getByText('5 Oct 2026')).toBeTruthy();
    expect(rows.some((r) => within(r).queryByText('Draft'))).toBe(true);
    expect(screen.getByRole('heading', { name: 'Received (1)' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sent (2)' })).toBeTruthy();
    // A new request starts from another member's conditional offer.
    expect(screen.getByRole('combobox', { name: 'New request to the offer of' })).toBeTruthy();
  });

  it('shows the secretariat every request of the bloc, without the new-request form', async () => {
    fakeServer({
      'GET /api/request-offer': () => json({ payload: { sent: [], received: [summary({ id: 'q1' })] } }),
    });
    renderAt('/request-offer', [{ path: '/request-offer', element: <RequestListPage /> }], {
      role: 'AFRICAN_UNION',
      countryCode: null,
    });
    const all = await screen.findByRole('table', { name: 'Requests of the bloc' });
    const row = (await within(all).findByText('Senegal')).closest('tr')!;
    expect(within(row).getByText('Kenya')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'New request to the offer of' })).toBeNull();
  });
});
