import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { Coverage, CoverageCounts, RequestMatrix } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { PROFILE_KEY } from '../../features/session/useSession';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import { TEST_PROFILE } from '../../test/profile';
import WorkspacePage from './WorkspacePage';

configure({ asyncUtilTimeout: 8000 });

const c = (full: number, partial: number, unbound: number, notScheduled: number): CoverageCounts => ({
  full,
  partial,
  unbound,
  notScheduled,
});
const blank = [c(0, 0, 0, 3), c(0, 0, 0, 3), c(0, 0, 0, 3), c(0, 0, 0, 3)];
const COVERAGE: Coverage = {
  level: 'sector',
  country: null,
  region: null,
  statuses: [],
  offers: [{ offerId: 'o1', countryCode: 'KE', countryName: 'Kenya', status: 'COMMITMENT', versionNumber: 1 }],
  rows: [
    {
      code: '1',
      title: { en: 'BUSINESS SERVICES', fr: 'SERVICES FOURNIS AUX ENTREPRISES', ar: 'خدمات الأعمال' },
      units: 18,
      marketAccess: [c(2, 1, 0, 15), c(3, 0, 0, 15), c(2, 1, 0, 15), c(0, 1, 2, 15)],
      nationalTreatment: blank,
    },
  ],
  unclassified: 0,
};
const MATRIX: RequestMatrix = {
  countries: [
    { code: 'KE', name: 'Kenya', nameFr: 'Kenya', nameAr: 'كينيا' },
    { code: 'SN', name: 'Senegal', nameFr: 'Sénégal', nameAr: 'السنغال' },
  ],
  pairs: [
    { requestingCountryCode: 'SN', requestedCountryCode: 'KE', requests: 1, sectorsAsked: 2, sectorsAnswered: 0 },
  ],
};

let calls: string[];
beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = url.replace(/^\/api/, '');
      const payload = path.startsWith('/coverage/requests')
        ? MATRIX
        : path.includes('format=xlsx')
          ? { fileName: 'coverage-bloc-sector.xlsx', contentType: 'application/octet-stream', base64: 'UEs=' }
          : path.startsWith('/coverage?')
            ? COVERAGE
            : path === '/regions'
              ? [
                  {
                    id: 1,
                    code: 'WEST',
                    regionTitle: 'Western Africa',
                    regionTitleFr: 'x',
                    regionTitleAr: 'y',
                    logo: null,
                  },
                ]
              : null;
      return payload === null
        ? new Response(JSON.stringify({ message: 'Not found', code: 'NOT_FOUND' }), { status: 404 })
        : new Response(JSON.stringify({ payload }), { status: 200 });
    }),
  );
  URL.createObjectURL = vi.fn(() => 'blob:coverage');
  URL.revokeObjectURL = vi.fn();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  await applyLanguage('en');
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(PROFILE_KEY, { ...TEST_PROFILE, countryCode: null });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MemoryRouter>
          <WorkspacePage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('/workspace', { timeout: 60_000 }, () => {
  it('shows the coverage as a heat map with every count on each cell and as a table', async () => {
    renderPage();
    const table = await screen.findByRole('table', { name: /Commitments by sector and mode of supply/ });
    const row = within(table).getByRole('row', { name: /BUSINESS SERVICES/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((td) => td.textContent);
    expect(cells.slice(0, 5)).toEqual([
      '18',
      'Full (None) 2 · Partial 1 · Unbound 0 · Not scheduled 15',
      expect.any(String),
      expect.any(String),
      'Full (None) 0 · Partial 1 · Unbound 2 · Not scheduled 15',
    ]);
    // The heat map's cell names its place and its four counts (read on focus, shown on hover).
    expect(
      screen.getByRole('img', {
        name: '1 BUSINESS SERVICES, Market access, mode 4. Full (None): 0, Partial: 1, Unbound: 2, Not scheduled: 15',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Offers counted: 1.')).toBeTruthy();
  });

  it('filters by region and exports the same filter as XLSX', async () => {
    renderPage();
    await screen.findByRole('table', { name: /Commitments by sector/ });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Region' }));
    fireEvent.click(await screen.findByTitle('Western Africa'));
    await waitFor(() => expect(calls).toContain('/api/coverage?region=WEST&level=sector'));
    fireEvent.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(calls).toContain('/api/coverage?region=WEST&level=sector&format=xlsx&encoding=base64&lang=en'),
    );
  });

  it('shows the request–offer matrix: requesting country in rows, requested in columns', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: 'Request–offer matrix' }));
    const matrix = await screen.findByRole('table', { name: 'Request–offer matrix' });
    expect(within(matrix).getByRole('columnheader', { name: 'Kenya' })).toBeTruthy();
    const senegal = within(matrix).getByRole('row', { name: /Senegal/ });
    expect(within(senegal).getByRole('cell').textContent).toBe('2 asked / 0 answered');
  });

  it('lays the heat map right to left in Arabic: mode 1 next to the sector names, on the right', async () => {
    await applyLanguage('ar');
    renderPage();
    await screen.findByRole('table', { name: /الالتزامات حسب القطاع/ });
    const x = (column: string) => Number(document.querySelector(`[data-column="${column}"]`)!.getAttribute('x'));
    expect(x('ma1')).toBeGreaterThan(x('ma2'));
    expect(x('ma4')).toBeGreaterThan(x('nt1'));
    const label = document.querySelector('[data-row="1"]')!;
    expect(Number(label.getAttribute('x'))).toBeGreaterThan(x('ma1'));
    // The code is isolated, so that it keeps its order inside the Arabic title.
    expect(label.textContent).toContain('\u20661\u2069 خدمات الأعمال');
  });
});
