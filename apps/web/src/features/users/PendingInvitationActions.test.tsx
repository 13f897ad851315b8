import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubAntdBrowserApis } from '../profile/testing';
import { UsersDirectory } from './UsersDirectory';

configure({ asyncUtilTimeout: 8000 });

const user = (over: object) => ({
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  countryName: 'Kenya',
  countryCode: 'KE',
  titlePrefix: null,
  language: 'en',
  title: null,
  phoneNumber: null,
  whatsappNumber: null,
  userRole: 'SERVICE_FOCAL_POINT',
  ...over,
});
const PENDING = user({ userId: 'u-pending', email: 'pending@example.org', status: 'PENDING' });
const ACTIVE = user({ userId: 'u-active', email: 'active@example.org', firstName: 'Amina', status: 'ACTIVE' });

type Call = { url: string; method: string };
let calls: Call[];
let answer: (call: Call) => Response | undefined;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  answer = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET' };
      calls.push(call);
      const given = answer(call);
      if (given) return given;
      if (url === '/api/profile/focal') return json({ payload: [PENDING, ACTIVE] });
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDirectory() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <UsersDirectory inviter={{ role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' }} withCountry={false} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const focalLoads = () => calls.filter((c) => c.url === '/api/profile/focal').length;

/** Clicks a row's action, then the confirmation's button. */
async function confirm(action: string, ok: string) {
  fireEvent.click(await screen.findByRole('button', { name: `${action}: pending@example.org` }));
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: ok }));
}

describe('pending invitations in the user list', { timeout: 60_000 }, () => {
  it('offers Resend and Cancel only on a pending row', async () => {
    renderDirectory();
    expect(await screen.findByRole('button', { name: 'Resend invitation: pending@example.org' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel invitation: pending@example.org' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /active@example\.org/ })).toBeNull();
  });

  it('resends after confirmation, says so and reloads the list', async () => {
    renderDirectory();
    fireEvent.click(await screen.findByRole('button', { name: 'Resend invitation: pending@example.org' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send the invitation to Wanjiru Kamau again?');
    expect(dialog.textContent).toContain('the link sent before stops working');
    const before = focalLoads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('The invitation has been sent again to pending@example.org.')).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/profile/invitations/u-pending/resend', method: 'POST' });
    await waitFor(() => expect(focalLoads()).toBeGreaterThan(before));
  });

  it('sends nothing when the confirmation is dismissed', async () => {
    renderDirectory();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel invitation: pending@example.org' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    // The dialog's closing animation keeps it in jsdom's page a while: give a confirmed call the time to go out.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('cancels after confirmation and says so', async () => {
    renderDirectory();
    await confirm('Cancel invitation', 'Cancel invitation');
    expect(await screen.findByText('The invitation to pending@example.org has been cancelled.')).toBeTruthy();
    expect(calls).toContainEqual({ url: '/api/profile/invitations/u-pending', method: 'DELETE' });
  });

  it('tells a refusal by its code, in the interface language', async () => {
    answer = (c) =>
      c.method === 'POST'
        ? json({ code: 'INVITATION_NOT_PENDING', message: 'server wording', payload: null }, 409)
        : c.method === 'DELETE'
          ? json({ code: 'INVITATIONS_LIMIT', message: 'server wording', payload: null }, 429)
          : undefined;
    renderDirectory();
    await confirm('Resend invitation', 'Resend');
    expect(
      await screen.findByText('This invitation has already been accepted, or the account is no longer waiting for it.'),
    ).toBeTruthy();
  });
});
