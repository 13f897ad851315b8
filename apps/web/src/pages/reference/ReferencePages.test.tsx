import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import i18n from 'i18next';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import AfcftaPage from './AfcftaPage';
import RegionsPage from './RegionsPage';
import LegislationPage from '../legislation/LegislationPage';
import { testCmsEntry } from '../../test/cms';

configure({ asyncUtilTimeout: 8000 });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const REGIONS = [
  {
    id: 1,
    code: 'EA',
    regionTitle: 'Eastern Africa',
    regionTitleFr: "Afrique de l'Est",
    regionTitleAr: 'شرق أفريقيا',
    logo: null,
  },
];
const COUNTRIES = [
  { id: 1, code: 'KE', name: 'Kenya', nameFr: 'Kenya', nameAr: 'كينيا', alpha3: 'KEN', regionId: 1, active: true },
  { id: 2, code: 'RW', name: 'Rwanda', nameFr: 'Rwanda', nameAr: 'رواندا', alpha3: 'RWA', regionId: 1, active: true },
];
const entry = (id: string, title: string, document: string | null, published = true) =>
  testCmsEntry({ id, type: 'LEGISLATION', document, published, text: { title, summary: 'A summary', body: '' } });
let legislation: unknown[];

beforeEach(() => {
  stubAntdBrowserApis();
  legislation = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/regions') return json({ payload: REGIONS });
      if (url === '/api/countries') return json({ payload: COUNTRIES });
      if (url.startsWith('/api/v2/cms/byType/LEGISLATION')) return json({ payload: legislation });
      return json({ payload: null });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function renderPage(page: ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>{page}</MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('/afcfta', () => {
  it('gives the dates, the five priority sectors and the seat of the Secretariat', () => {
    renderPage(<AfcftaPage />);
    const text = document.body.textContent ?? '';
    for (const fact of [
      '21 March 2018',
      '30 May 2019',
      '1 January 2021',
      'Accra, Ghana',
      'Protocol on Trade in Services',
    ])
      expect(text).toContain(fact);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      expect.arrayContaining(['Business services', 'Transport services']),
    );
    expect([...document.querySelectorAll('a')].every((a) => a.getAttribute('href')?.startsWith('/'))).toBe(true);
  });

  it('reads in Arabic', async () => {
    await i18n.changeLanguage('ar');
    renderPage(<AfcftaPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('منطقة التجارة الحرة القارية الأفريقية');
  });
});

describe('/regions', () => {
  it('lists the regions with their member states and flags, and searches them', async () => {
    renderPage(<RegionsPage />);
    expect(await screen.findByText('Eastern Africa')).toBeTruthy();
    expect(screen.getByText('Kenya')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'KE' })).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'rwa' } });
    await vi.waitFor(() => expect(screen.queryByText('Kenya')).toBeNull());
    expect(screen.getByText('Rwanda')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('No region or member state matches your search.')).toBeTruthy();
  });
});

describe('/legislation', () => {
  it('says when no text is published yet', async () => {
    renderPage(<LegislationPage />);
    expect(await screen.findByText('No texts have been published yet.')).toBeTruthy();
  });

  it('lists the published texts, with a download button where a PDF is attached', async () => {
    legislation = [
      entry('a', 'Protocol on Trade in Services', 'key.pdf'),
      entry('b', 'Agreement', null),
      entry('c', 'Draft rules', null, false),
    ];
    renderPage(<LegislationPage />);
    const item = (await screen.findByRole('heading', { name: 'Protocol on Trade in Services' })).closest('li')!;
    expect(within(item).getByRole('button', { name: /Download the PDF/ })).toBeTruthy();
    expect(screen.getByText('No file attached')).toBeTruthy();
    expect(screen.queryByText('Draft rules')).toBeNull();
  });
});
