import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubAntdBrowserApis } from '../profile/testing';
import { InviteUsersDialog } from './InviteUsersDialog';
import type { Inviter } from './inviteForm';
import { itemAt } from '../../test/itemAt';

const COUNTRIES = [
  { id: 1, code: 'KE', name: 'Kenya', nameFr: 'Kenya', nameAr: 'كينيا', alpha3: 'KEN', regionId: 1, active: true },
  {
    id: 2,
    code: 'SN',
    name: 'Senegal',
    nameFr: 'Sénégal',
    nameAr: 'السنغال',
    alpha3: 'SEN',
    regionId: 2,
    active: true,
  },
];

// antd forms are slow to validate in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let inviteAnswer: () => Response;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  inviteAnswer = () => json({ payload: { invited: 1 }, message: 'Users invited successfully' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/countries') return json({ payload: COUNTRIES });
      if (url === '/api/profile/invite') return inviteAnswer();
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(inviter: Inviter, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <InviteUsersDialog open onClose={onClose} inviter={inviter} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { dialog: screen.getByRole('dialog'), onClose };
}

const CHIEF: Inviter = { role: 'CHIEF_NEGOTIATOR', countryCode: 'KE', language: 'fr' };
const SECRETARIAT: Inviter = { role: 'AFRICAN_UNION', countryCode: null };

/** Opens an antd select by its label and picks the option with this text. */
async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  // The visible options (the listbox for screen readers only holds those near the active one).
  const options = (await screen.findAllByTitle(option)).filter((el) => el.classList.contains('ant-select-item-option'));
  fireEvent.click(itemAt(options, -1));
  await waitFor(() =>
    expect(within(scope).getByRole('combobox', { name: label }).closest('.ant-select')?.textContent).toContain(option),
  );
}

async function optionsOf(scope: HTMLElement, label: string): Promise<string[]> {
  fireEvent.mouseDown(within(scope).getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((o) => o.getAttribute('aria-label') ?? o.textContent ?? '');
}

function row(dialog: HTMLElement, n: number): HTMLElement {
  return within(dialog).getByRole('group', { name: `User ${n}` });
}

async function fillRow(
  scope: HTMLElement,
  user: { title: string; first: string; last: string; email: string; country?: string; role?: string },
) {
  await choose(scope, 'Title', user.title);
  fireEvent.change(within(scope).getByLabelText('First name'), { target: { value: user.first } });
  fireEvent.change(within(scope).getByLabelText('Last name'), { target: { value: user.last } });
  fireEvent.change(within(scope).getByLabelText('Email address'), { target: { value: user.email } });
  if (user.role) await choose(scope, 'Role', user.role);
  if (user.country) await choose(scope, 'Country', user.country);
}

describe('invite dialog', { timeout: 60_000 }, () => {
  it('starts with one row whose minus is disabled; a plus adds a row and enables both minuses', async () => {
    const { dialog } = renderDialog(CHIEF);
    expect(within(dialog).getAllByRole('group')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Remove user 1' })).toHaveProperty('disabled', true);

    fireEvent.click(within(dialog).getByRole('button', { name: /Add a user/ }));
    await waitFor(() => expect(within(dialog).getAllByRole('group')).toHaveLength(2));
    expect(within(dialog).getByRole('button', { name: 'Remove user 1' })).toHaveProperty('disabled', false);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user 2' }));
    await waitFor(() => expect(within(dialog).getAllByRole('group')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Remove user 1' })).toHaveProperty('disabled', true);
  });

  it('asks a chief negotiator no country and offers only Services Focal Point, already chosen', async () => {
    const { dialog } = renderDialog(CHIEF);
    const first = row(dialog, 1);
    expect(within(first).queryByRole('combobox', { name: 'Country' })).toBeNull();
    expect(within(first).getByRole('combobox', { name: 'Role' }).closest('.ant-select')?.textContent).toContain(
      'Services Focal Point',
    );
    expect(await optionsOf(first, 'Role')).toEqual(['Services Focal Point']);
  });

  it('asks the secretariat for the country and offers chief negotiator or focal point', async () => {
    const { dialog } = renderDialog(SECRETARIAT);
    const first = row(dialog, 1);
    expect(within(first).getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(await optionsOf(first, 'Role')).toEqual(['Chief Negotiator', 'Services Focal Point']);
  });

  it("says 'required' and 'Invalid Email Address' and stays on the form", async () => {
    const { dialog } = renderDialog(SECRETARIAT);
    fireEvent.change(within(row(dialog, 1)).getByLabelText('Email address'), { target: { value: 'not-an-address' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByText('Invalid Email Address');
    // title, first name, last name, role, country
    expect(within(dialog).getAllByText('required')).toHaveLength(5);
    expect(within(dialog).queryByRole('table')).toBeNull();
  });

  it("shows the entered users, then sends them with the chief negotiator's country", async () => {
    const { dialog, onClose } = renderDialog(CHIEF);
    await fillRow(row(dialog, 1), { title: 'Dr', first: 'Achieng', last: 'Otieno', email: 'Achieng@Trade.go.ke' });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add a user/ }));
    await waitFor(() => expect(within(dialog).getAllByRole('group')).toHaveLength(2));
    await fillRow(row(dialog, 2), { title: 'Mr', first: 'Baraka', last: 'Mwangi', email: 'baraka@trade.go.ke' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByText('Achieng')).toBeTruthy();
    expect(within(table).getByText('Mwangi')).toBeTruthy();
    expect(within(table).queryByText('Country')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Users invited successfully');
    const sent = calls.find((c) => c.url === '/api/profile/invite');
    expect(sent?.method).toBe('POST');
    expect(sent?.body).toEqual([
      {
        titlePrefix: 'Dr',
        firstName: 'Achieng',
        lastName: 'Otieno',
        userRole: 'SERVICE_FOCAL_POINT',
        email: 'achieng@trade.go.ke',
        countryCode: 'KE',
        // The inviter's language, by default.
        language: 'fr',
      },
      {
        titlePrefix: 'Mr',
        firstName: 'Baraka',
        lastName: 'Mwangi',
        userRole: 'SERVICE_FOCAL_POINT',
        email: 'baraka@trade.go.ke',
        countryCode: 'KE',
        language: 'fr',
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it("the secretariat's invitees carry the chosen country and role", async () => {
    const { dialog } = renderDialog(SECRETARIAT);
    await fillRow(row(dialog, 1), {
      title: 'Ms',
      first: 'Fatou',
      last: 'Sarr',
      email: 'fatou@gouv.sn',
      role: 'Chief Negotiator',
      country: 'Senegal',
    });
    await choose(row(dialog, 1), 'Language', 'العربية');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    const table = await within(dialog).findByRole('table');
    expect(within(table).getByText('Senegal')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Users invited successfully');
    expect(calls.find((c) => c.url === '/api/profile/invite')?.body).toEqual([
      {
        titlePrefix: 'Ms',
        firstName: 'Fatou',
        lastName: 'Sarr',
        userRole: 'CHIEF_NEGOTIATOR',
        email: 'fatou@gouv.sn',
        countryCode: 'SN',
        language: 'ar',
      },
    ]);
  });

  it("on failure says 'Error !!' with the server's message and keeps the users", async () => {
    inviteAnswer = () =>
      json(
        {
          message: 'You have sent as many invitations as are allowed in 24 hours. Try again tomorrow.',
          code: 'INVITATIONS_LIMIT',
        },
        429,
      );
    const { dialog, onClose } = renderDialog(CHIEF);
    await fillRow(row(dialog, 1), { title: 'Dr', first: 'Achieng', last: 'Otieno', email: 'achieng@trade.go.ke' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('table');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(
      'Error !! You have sent as many invitations as are allowed in 24 hours. Try again tomorrow.',
    );
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(row(dialog, 1)).getByLabelText<HTMLInputElement>('Email address').value).toBe('achieng@trade.go.ke');
  });

  it('Cancel on the confirmation returns to an empty form', async () => {
    const { dialog, onClose } = renderDialog(CHIEF);
    fireEvent.click(within(dialog).getByRole('button', { name: /Add a user/ }));
    await fillRow(row(dialog, 1), { title: 'Dr', first: 'Achieng', last: 'Otieno', email: 'achieng@trade.go.ke' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove user 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await within(dialog).findByRole('table');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).queryByRole('table')).toBeNull());
    expect(within(dialog).getAllByRole('group')).toHaveLength(1);
    expect(within(row(dialog, 1)).getByLabelText<HTMLInputElement>('First name').value).toBe('');
    expect(within(row(dialog, 1)).getByLabelText<HTMLInputElement>('Email address').value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    expect(calls.some((c) => c.url === '/api/profile/invite')).toBe(false);
  });

  it('refuses the same address twice', async () => {
    const { dialog } = renderDialog(CHIEF);
    fireEvent.click(within(dialog).getByRole('button', { name: /Add a user/ }));
    await waitFor(() => expect(within(dialog).getAllByRole('group')).toHaveLength(2));
    await fillRow(row(dialog, 1), { title: 'Dr', first: 'A', last: 'B', email: 'same@trade.go.ke' });
    await fillRow(row(dialog, 2), { title: 'Mr', first: 'C', last: 'D', email: 'Same@trade.go.ke' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findAllByText('The same email address is entered twice.')).toHaveLength(2);
  });
});
