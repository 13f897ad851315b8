import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { ContactMessage } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import ContactMailboxPage from './ContactMailboxPage';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const mail = (id: string, subject: string, archivedAt: string | null): ContactMessage => ({
  id,
  firstName: 'Amadou',
  lastName: 'Ba',
  companyName: '',
  subject,
  email: 'amadou@example.org',
  message: 'Hello',
  createdAt: '2026-03-01T09:00:00.000Z',
  repliedAt: null,
  reply: null,
  archivedAt,
});

/** The server's messages; GET answers as the server does: archived ones only with archived=include. */
let messages: ContactMessage[];
let calls: { method: string; url: string; body?: unknown }[];
beforeEach(() => {
  stubAntdBrowserApis();
  messages = [
    mail('11111111-1111-4111-8111-111111111111', 'Opening hours', null),
    mail('22222222-2222-4222-8222-222222222222', 'Old question', '2026-03-02T09:00:00.000Z'),
  ];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const archivedMatch = /^\/api\/account-ms\/contact-us\/([^/]+)\/archived$/.exec(url);
      if (method === 'PUT' && archivedMatch) {
        const target = messages.find((m) => m.id === archivedMatch[1])!;
        target.archivedAt = (body as { archived: boolean }).archived ? '2026-03-03T09:00:00.000Z' : null;
        return new Response(JSON.stringify({ payload: target }), { status: 200 });
      }
      const include = new URL(url, 'http://portal.test').searchParams.get('archived') === 'include';
      const items = messages.filter((m) => include || m.archivedAt === null);
      return new Response(JSON.stringify({ payload: { items, total: items.length, page: 1, size: 20 } }), {
        status: 200,
      });
    }),
  );
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
          <ContactMailboxPage />
        </MemoryRouter>
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('contact-us mailbox (back office)', { timeout: 60_000 }, () => {
  it('hides archived messages until "Show archived messages" is switched on', async () => {
    renderPage();
    await screen.findByText('Opening hours');
    expect(screen.queryByText('Old question')).toBeNull();
    expect(itemAt(calls, 0).url).not.toContain('archived=');

    fireEvent.click(screen.getByRole('switch', { name: 'Show archived messages' }));
    await screen.findByText('Old question');
    expect(calls.at(-1)!.url).toContain('archived=include');
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to mailbox: Old question' })).toBeTruthy();

    fireEvent.click(screen.getByRole('switch', { name: 'Show archived messages' }));
    await waitFor(() => expect(screen.queryByText('Old question')).toBeNull());
  });

  it('archives a message: it leaves the list; with archived shown it can be brought back', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Archive: Opening hours' }));
    await screen.findByText('The message has been archived.');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      url: '/api/account-ms/contact-us/11111111-1111-4111-8111-111111111111/archived',
      body: { archived: true },
    });
    await waitFor(() => expect(screen.queryByText('Opening hours')).toBeNull());

    fireEvent.click(screen.getByRole('switch', { name: 'Show archived messages' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back to mailbox: Opening hours' }));
    await screen.findByText('The message is back in the mailbox.');
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({ archived: false });
    await screen.findByRole('button', { name: 'Archive: Opening hours' });
  });

  it('reads in French', async () => {
    await applyLanguage('fr');
    renderPage();
    await screen.findByText('Opening hours');
    expect(screen.getByRole('switch', { name: 'Afficher les messages archivés' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Archiver: Opening hours' })).toBeTruthy();
  });
});
