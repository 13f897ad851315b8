import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubAntdBrowserApis } from './testing';
import { ProfileForm } from './ProfileForm';
import { TEST_PROFILE } from '../../test/profile';
import { AppProviders } from '../../app/AppProviders';

// antd forms are slow to validate in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const PROFILE = TEST_PROFILE;

const TITLE_LABEL = 'Title';
const PASSWORD_LABEL = 'Current password (to change the email address)';
let puts: unknown[];
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  puts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/profile' && init.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        puts.push(body);
        return json({ payload: { ...PROFILE, email: body.email }, message: 'profile_updated' });
      }
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderForm(withPassword = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <ProfileForm profile={PROFILE} withPassword={withPassword} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('profile form: changing the email', { timeout: 60_000 }, () => {
  it('asks for no password while the email stays, and sends none', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Otieno' } });
    expect(screen.queryByLabelText(PASSWORD_LABEL)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ email: 'chief.ke@portal.test', lastName: 'Otieno' });
    expect(puts[0]).not.toHaveProperty('oldPassword');
  });

  it('shows a required current-password field once the email differs, and sends it', async () => {
    renderForm();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'new.chief@portal.test' } });
    const field = await screen.findByLabelText(PASSWORD_LABEL);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Please input Password');
    expect(puts).toEqual([]);
    fireEvent.change(field, { target: { value: 'Demo#2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ email: 'new.chief@portal.test', oldPassword: 'Demo#2026pass' });
  });
});

describe('password management: setting a password', { timeout: 60_000 }, () => {
  it('requires the current password and sends it with the new pair', async () => {
    renderForm(true);
    const current = screen.getByLabelText('Current password');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'New#Pass2027x' } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: 'New#Pass2027x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await screen.findByText('Please input Password');
    expect(puts).toEqual([]);
    fireEvent.change(current, { target: { value: 'Demo#2026pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      email: 'chief.ke@portal.test',
      password: 'New#Pass2027x',
      confirmPassword: 'New#Pass2027x',
      oldPassword: 'Demo#2026pass',
    });
  });
});

describe('profile form: the title select', { timeout: 60_000 }, () => {
  it('takes typed letters, as every select of the app does: "Mrs" then Enter chooses Mrs, not Mr', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders client={client}>
        <ProfileForm profile={{ ...PROFILE, titlePrefix: 'Mr' }} />
      </AppProviders>,
    );
    const title = screen.getByRole('combobox', { name: TITLE_LABEL });
    fireEvent.mouseDown(title);
    fireEvent.change(title, { target: { value: 'Mrs' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    fireEvent.keyDown(title, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ titlePrefix: 'Mrs' });
  });
});
