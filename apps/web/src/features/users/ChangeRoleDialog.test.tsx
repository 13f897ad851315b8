import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ManagedUser, Role } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { ChangeRoleDialog } from './ChangeRoleDialog';
import { testCountry } from '../../test/country';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const FOCAL: ManagedUser = {
  userId: 'u-focal',
  email: 'focal@example.org',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  titlePrefix: null,
  role: 'SERVICE_FOCAL_POINT',
  countryCode: 'KE',
  countryName: 'Kenya',
  status: 'ACTIVE',
  createdAt: '2026-01-01T00:00:00Z',
};
const country = (id: number, code: string, name: string) => testCountry(id, code, name, { regionId: 1 });

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let refuse: { code: string; message: string } | null;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  refuse = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = { url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url === '/api/countries') return json({ payload: [country(1, 'KE', 'Kenya'), country(2, 'NG', 'Nigeria')] });
      if (url.endsWith('/role')) return refuse ? json(refuse, 422) : json({ payload: { ...FOCAL, ...call.body } });
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(actorRole: Role, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ChangeRoleDialog user={FOCAL} actorRole={actorRole} onClose={onClose} />
      </AntApp>
    </QueryClientProvider>,
  );
  return onClose;
}

/** Opens a select by its label and picks an option. */
async function pick(label: string, option: string) {
  const select = screen.getByLabelText(label);
  fireEvent.mouseDown(select);
  const choices = await screen.findAllByText(option, { selector: '.ant-select-item-option-content' });
  fireEvent.click(itemAt(choices, -1));
}

const roleCalls = () => calls.filter((c) => c.url === '/api/users/u-focal/role');

describe('Change role dialog', { timeout: 60_000 }, () => {
  it("offers the secretariat a country's roles only, and sends the chosen country", async () => {
    const onClose = renderDialog('AFRICAN_UNION');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('Kenya')).toBeTruthy());
    fireEvent.mouseDown(screen.getByLabelText('Role'));
    await screen.findAllByText('Chief Negotiator', { selector: '.ant-select-item-option-content' });
    const options = document.querySelectorAll('.ant-select-item-option-content');
    expect([...options].map((o) => o.textContent)).toEqual(['Chief Negotiator', 'Services Focal Point']);
    fireEvent.keyDown(screen.getByLabelText('Role'), { key: 'Escape' });
    await pick('Role', 'Chief Negotiator');
    await pick('Country', 'Nigeria');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(roleCalls()).toEqual([
      { url: '/api/users/u-focal/role', method: 'PUT', body: { role: 'CHIEF_NEGOTIATOR', countryId: 2 } },
    ]);
  });

  it('hides the country for a role without one and sends none; a refusal is told by its code', async () => {
    refuse = { code: 'LAST_ADMIN', message: 'server wording' };
    const onClose = renderDialog('ADMIN');
    const dialog = await screen.findByRole('dialog');
    await pick('Role', 'Regional Advisor');
    expect(screen.queryByLabelText('Country')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText(
        'The portal must keep at least one active administrator: this account cannot be deactivated or given another role.',
      ),
    ).toBeTruthy();
    expect(roleCalls()[0]?.body).toEqual({ role: 'REGIONAL_ADVISOR', countryId: null });
    expect(onClose).not.toHaveBeenCalled();
  });
});
