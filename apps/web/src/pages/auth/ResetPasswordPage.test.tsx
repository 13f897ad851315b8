import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import { PASSWORD_RESET_MESSAGES } from '@portal/shared';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

configure({ asyncUtilTimeout: 8000 });

type Call = { url: string; body: unknown };
let calls: Call[];
let answer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  answer = () => json({ payload: null, message: 'ok' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer();
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function LoginStub() {
  const state = useLocation().state as { notice?: string } | null;
  return <p>Sign-in page {state?.notice}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/reset', element: <ResetPasswordPage /> },
      { path: '/reset-password', element: <ForgotPasswordPage /> },
      { path: '/login', element: <LoginStub /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('/reset-password', () => {
  it('sends the address and shows the neutral answer', async () => {
    renderAt('/reset-password');
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' someone@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText('Check your mailbox')).toBeTruthy();
    expect(calls).toEqual([{ url: '/api/password/forgot', body: { email: 'someone@example.org' } }]);
  });
});

describe('/reset', () => {
  const fill = (password: string, confirm: string) => {
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm the new password'), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
  };

  it('says a link without a token is not valid, with a way to ask again', () => {
    renderAt('/reset');
    expect(screen.getByRole('alert').textContent).toContain('not valid');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/reset-password');
  });

  it('shows the live checklist and refuses passwords that differ, without a call', async () => {
    renderAt('/reset?token=abcdefghijklmnop');
    expect(screen.getByRole('list', { name: 'The password must contain' })).toBeTruthy();
    fill('Fresh#2026pass', 'Fresh#2026pas');
    expect(await screen.findByText('Passwords should match')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sets the password and sends the user to sign in with a success message', async () => {
    renderAt('/reset?token=abcdefghijklmnop');
    fill('Fresh#2026pass', 'Fresh#2026pass');
    expect(await screen.findByText(/Sign-in page passwordReset/)).toBeTruthy();
    expect(calls[0]).toEqual({
      url: '/api/password/reset',
      body: { token: 'abcdefghijklmnop', newPassword: 'Fresh#2026pass', confirmPassword: 'Fresh#2026pass' },
    });
  });

  it('turns a used or expired link into the message and the way to ask again', async () => {
    answer = () => json({ message: PASSWORD_RESET_MESSAGES.invalidLink, code: 'PASSWORD_RESET_INVALID_LINK' }, 400);
    renderAt('/reset?token=abcdefghijklmnop');
    fill('Fresh#2026pass', 'Fresh#2026pass');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy());
  });
});
