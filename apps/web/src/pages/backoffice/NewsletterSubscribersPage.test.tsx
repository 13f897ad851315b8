import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { parseCsv, type NewsletterSubscriber } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import NewsletterSubscribersPage from './NewsletterSubscribersPage';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

/** As GET /newslettersubscriber answers: oldest first. */
const SUBSCRIBERS: NewsletterSubscriber[] = [
  { email: 'amina@au.int', new: true, createdAt: '2026-01-05T09:00:00.000Z', confirmed: true },
  { email: '=2+5@evil.example', new: true, createdAt: '2026-02-10T09:00:00.000Z', confirmed: false },
  { email: 'kofi@trade.gh', new: false, createdAt: '2026-03-15T09:00:00.000Z', confirmed: false },
];

let exported: Blob[];
beforeEach(() => {
  stubAntdBrowserApis();
  exported = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/newslettersubscriber'
        ? new Response(JSON.stringify({ payload: SUBSCRIBERS }), { status: 200 })
        : new Response(JSON.stringify({ payload: null }), { status: 200 }),
    ),
  );
  URL.createObjectURL = vi.fn((blob: Blob) => {
    exported.push(blob);
    return 'blob:subscribers';
  });
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await applyLanguage('en');
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <MemoryRouter>
          <NewsletterSubscribersPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** The table's rows as the staff member reads them, newest first. */
async function rows() {
  const table = await screen.findByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
}

async function exportedCsv() {
  fireEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
  await waitFor(() => expect(exported).toHaveLength(1));
  return parseCsv((await itemAt(exported, 0).text()).replace(/^\uFEFF/, ''));
}

describe('newsletter subscribers (back office)', { timeout: 60_000 }, () => {
  it('lists every subscriber, newest first, with the new flag, the date and the confirmation status', async () => {
    renderPage();
    await screen.findByText('amina@au.int');
    expect(await rows()).toEqual([
      ['kofi@trade.gh', 'No', '15 Mar 2026', 'Waiting for confirmation'],
      ['=2+5@evil.example', 'Yes', '10 Feb 2026', 'Waiting for confirmation'],
      ['amina@au.int', 'Yes', '5 Jan 2026', 'Confirmed'],
    ]);
    screen.getByText('Total: 3');
  });

  it('writes the date in the conventions of the interface language', async () => {
    await applyLanguage('fr');
    renderPage();
    await screen.findByText('amina@au.int');
    expect((await rows()).map((r) => [r[2], r[3]])).toEqual([
      ['15 mars 2026', 'En attente de confirmation'],
      ['10 févr. 2026', 'En attente de confirmation'],
      ['5 janv. 2026', 'Confirmée'],
    ]);
  });

  it('searches by address and filters by status', async () => {
    renderPage();
    await screen.findByText('amina@au.int');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email address' }), {
      target: { value: 'AU.INT' },
    });
    await waitFor(async () => expect((await rows()).map((r) => r[0])).toEqual(['amina@au.int']));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email address' }), { target: { value: '' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Waiting for confirmation'));
    await waitFor(async () => expect((await rows()).map((r) => r[0])).toEqual(['kofi@trade.gh', '=2+5@evil.example']));
  });

  it('exports what the search shows as CSV, an address that looks like a formula kept as text', async () => {
    renderPage();
    await screen.findByText('amina@au.int');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by email address' }), {
      target: { value: 'evil' },
    });
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    expect(await exportedCsv()).toEqual([
      ['Email address', 'New', 'Subscribed on', 'Status'],
      ["'=2+5@evil.example", 'Yes', '2026-02-10T09:00:00.000Z', 'Waiting for confirmation'],
    ]);
  });

  it('exports every subscriber when nothing is searched', async () => {
    renderPage();
    await screen.findByText('amina@au.int');
    const csv = await exportedCsv();
    expect(csv.map((r) => r[0])).toEqual(['Email address', 'kofi@trade.gh', "'=2+5@evil.example", 'amina@au.int']);
  });
});
