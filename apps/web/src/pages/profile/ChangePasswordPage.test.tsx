import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import ChangePasswordPage from './ChangePasswordPage';
import { TEST_PROFILE } from '../../test/profile';

// antd forms are slow to validate in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const PROFILE = TEST_PROFILE;

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let resetAnswer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  calls = [];
  resetAnswer = () => json({ payload: null, message: 'Your password has been changed successfully.' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/profile/current') return json({ payload: PROFILE });
      if (url === '/api/profile/reset') return resetAnswer();
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/change-password', element: <ChangePasswordPage /> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/change-password'] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

function fill(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: next } });
  fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

const resetCalls = () => calls.filter((c) => c.url === '/api/profile/reset');

describe('change password', { timeout: 60_000 }, () => {
  it('says so on success, then logs out: tokens forgotten, back to sign in', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fill('Demo#2026pass', 'New#Pass2027x', 'New#Pass2027x');
    await screen.findByText('Your password has been changed successfully.');
    await screen.findByText('Sign-in page');
    expect(resetCalls()).toEqual([
      {
        url: '/api/profile/reset',
        method: 'POST',
        body: { oldPassword: 'Demo#2026pass', newPassword: 'New#Pass2027x', confirmPassword: 'New#Pass2027x' },
      },
    ]);
    expect(calls.map((c) => c.url)).toContain('/api/log/logout');
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
  });

  it('shows the text of the refusal code even when the server rewords its message', async () => {
    resetAnswer = () =>
      json({ message: 'That is not your current password (reworded).', code: 'INVALID_CURRENT_PASSWORD' }, 400);
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fill('wrong-one', 'New#Pass2027x', 'New#Pass2027x');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid Current Password,Try again using the correct password.');
    expect(alert.textContent).not.toContain('reworded');
  });

  it('shows a wrong current password as an error and stays signed in', async () => {
    resetAnswer = () =>
      json(
        { message: 'Invalid Current Password,Try again using the correct password.', code: 'INVALID_CURRENT_PASSWORD' },
        400,
      );
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fill('wrong-one', 'New#Pass2027x', 'New#Pass2027x');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Invalid Current Password,Try again using the correct password.',
    );
    expect(screen.queryByText('Sign-in page')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBe('r');
    expect(calls.map((c) => c.url)).not.toContain('/api/log/logout');
  });

  it("requires the three passwords ('Please input Password')", async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getAllByText('Please input Password')).toHaveLength(3));
    expect(resetCalls()).toEqual([]);
  });

  it('blocks a password that breaks a rule, and passwords that do not match', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fill('Demo#2026pass', 'nouppercase1!', 'nouppercase1?');
    await screen.findByText(/The password must have at least 8 characters/);
    await screen.findByText('Passwords should match');
    expect(resetCalls()).toEqual([]);
  });

  it('refuses "Password1!" before sending: it meets the five rules but the meter (and the server) say it is too easy', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Change password' });
    fill('Demo#2026pass', 'Password1!', 'Password1!');
    await screen.findByText(
      'This password is too easy to guess: choose a longer one that is not a common word or pattern.',
      {},
      { timeout: 20_000 },
    );
    expect(resetCalls()).toEqual([]);
  });
});
