import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { NEWSLETTER_MESSAGES } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import NewsletterConfirmPage from './NewsletterConfirmPage';
import NewsletterUnsubscribePage from './NewsletterUnsubscribePage';

configure({ asyncUtilTimeout: 8000 });

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let answer: (url: string) => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const invalid = () => json({ message: NEWSLETTER_MESSAGES.tokenInvalid, code: 'NEWSLETTER_TOKEN_INVALID' }, 400);

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  answer = (url) =>
    url.endsWith('/confirm')
      ? json({ payload: { unsubscribeToken: 'unsub-token/+=' }, message: NEWSLETTER_MESSAGES.confirmed })
      : json({ payload: null, message: NEWSLETTER_MESSAGES.unsubscribed });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
      return answer(url);
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());
afterAll(() => applyLanguage('en'));

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/newsletter/confirm', element: <NewsletterConfirmPage /> },
      { path: '/newsletter/unsubscribe', element: <NewsletterUnsubscribePage /> },
      { path: '/', element: <p>Home page</p> },
    ],
    { initialEntries: [path] },
  );
  // Strict mode runs effects twice: the link must still be followed once.
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <RouterProvider router={router} />
        </AntApp>
      </QueryClientProvider>
    </StrictMode>,
  );
}

describe('/newsletter/confirm', () => {
  it('confirms with the token of the link once, says so, and offers the unsubscribe link', async () => {
    renderAt('/newsletter/confirm?token=abc123');
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your newsletter subscription' })).toBeTruthy();
    const status = screen.getByRole('status');
    await within(status).findByRole('heading', { level: 2, name: 'Your subscription is confirmed' });
    expect(calls).toEqual([{ url: '/api/newslettersubscriber/confirm', method: 'POST', body: { token: 'abc123' } }]);
    expect(within(status).getByRole('link', { name: 'Unsubscribe' }).getAttribute('href')).toBe(
      '/newsletter/unsubscribe?token=unsub-token%2F%2B%3D',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says an expired or unknown link is not valid, as an alert, with a way home', async () => {
    answer = invalid;
    renderAt('/newsletter/confirm?token=abc123');
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('heading', { name: 'This confirmation link is not valid' });
    within(alert).getByText(/Subscribe again from the newsletter box/);
    expect(within(alert).getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it('posts nothing for a link without a token', () => {
    renderAt('/newsletter/confirm');
    within(screen.getByRole('alert')).getByRole('heading', { name: 'This confirmation link is not valid' });
    expect(calls).toEqual([]);
  });

  it('offers to try again after a failure that is not the link', async () => {
    let failures = 1;
    answer = () =>
      failures-- > 0 ? json({ message: 'down', code: 'INTERNAL' }, 500) : json({ payload: { unsubscribeToken: 'u' } });
    renderAt('/newsletter/confirm?token=abc123');
    const alert = await screen.findByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(screen.getByRole('status')).findByText('Your subscription is confirmed');
    expect(calls.map((c) => c.url)).toEqual(['/api/newslettersubscriber/confirm', '/api/newslettersubscriber/confirm']);
  });

  it('reads in Arabic, right to left', async () => {
    await applyLanguage('ar');
    renderAt('/newsletter/confirm?token=abc123');
    expect(document.documentElement.dir).toBe('rtl');
    screen.getByRole('heading', { level: 1, name: 'تأكيد الاشتراك في النشرة الإخبارية' });
    await within(screen.getByRole('status')).findByRole('heading', { name: 'تم تأكيد اشتراكك' });
    screen.getByRole('link', { name: 'إلغاء الاشتراك' });
    await applyLanguage('en');
  });
});

describe('/newsletter/unsubscribe', () => {
  it('removes the address with the token of the link, once, and says so', async () => {
    renderAt('/newsletter/unsubscribe?token=xyz789');
    screen.getByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' });
    const status = screen.getByRole('status');
    await within(status).findByRole('heading', { level: 2, name: 'You have been unsubscribed' });
    within(status).getByText(/nothing more will be sent to it/);
    expect(calls).toEqual([
      { url: '/api/newslettersubscriber/unsubscribe', method: 'POST', body: { token: 'xyz789' } },
    ]);
  });

  it('says a used or unknown link is not valid, and what that means', async () => {
    answer = invalid;
    renderAt('/newsletter/unsubscribe?token=xyz789');
    const alert = await screen.findByRole('alert');
    within(alert).getByRole('heading', { name: 'This unsubscribe link is not valid' });
    within(alert).getByText(/If you have already used it, your address is no longer subscribed/);
  });

  it('reads in French', async () => {
    await applyLanguage('fr');
    renderAt('/newsletter/unsubscribe?token=xyz789');
    await within(screen.getByRole('status')).findByRole('heading', { name: 'Votre désabonnement est effectué' });
    expect(document.documentElement.dir).toBe('ltr');
    await applyLanguage('en');
  });
});
