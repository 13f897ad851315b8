import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ManagedUser } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { AccountActions } from './AccountActions';

configure({ asyncUtilTimeout: 8000 });

const USER: ManagedUser = {
  userId: 'u-1',
  email: 'wanjiru@example.org',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  titlePrefix: null,
  role: 'SERVICE_FOCAL_POINT',
  countryCode: 'KE',
  countryName: 'Kenya',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00Z',
};
const SESSION = {
  id: 's1',
  clientName: 'Firefox on Linux',
  createdAt: '2026-11-24T08:00:00Z',
  lastActiveAt: '2026-11-24T09:30:00Z',
  current: false,
};

let calls: { url: string; method: string }[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ url, method });
      if (url === '/api/users/u-1/sessions' && method === 'GET') return json({ payload: [SESSION] });
      if (url === '/api/users/u-1/sessions') return json({ payload: { ended: 1 } });
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <AccountActions user={USER} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('AccountActions', { timeout: 30_000 }, () => {
  it("lists the user's sessions and signs them out everywhere after confirming", async () => {
    renderActions();
    fireEvent.click(screen.getByRole('button', { name: 'Sessions: wanjiru@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sessions of Wanjiru Kamau' });
    await within(dialog).findByText('Firefox on Linux');
    // Day-month-year in English.
    expect(within(dialog).getByText(/24 Nov 2026/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /Sign out everywhere/ }));
    const confirm = await screen.findByText('Sign Wanjiru Kamau out of every session now?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: /Sign out everywhere/ }));
    await screen.findByText('Sessions signed out: 1.');
    expect(calls).toContainEqual({ url: '/api/users/u-1/sessions', method: 'DELETE' });
  });
});
