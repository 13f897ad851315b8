import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createHash } from 'node:crypto';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { stubAntdBrowserApis } from '../profile/testing';
import { applyLanguage } from '../../i18n';
import { Newsletter } from './Newsletter';
import { itemAt } from '../../test/itemAt';

// antd forms are slow to validate in jsdom on a busy machine.
configure({ asyncUtilTimeout: 8000 });

const SALT = 'c0ffee?expires=1900000000';
const NUMBER = 1234;
const CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: createHash('sha256')
    .update(SALT + NUMBER)
    .digest('hex'),
  maxnumber: 5000,
  salt: SALT,
  signature: 'signed',
};

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };
let calls: Call[];
let subscribeAnswer: () => Response;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  subscribeAnswer = () => json({ payload: null, message: 'You have been subscribed successfully' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      calls.push({
        url,
        method: init.method ?? 'GET',
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      if (url === '/api/captcha/challenge') return json({ payload: CHALLENGE });
      if (url === '/api/newslettersubscriber') return subscribeAnswer();
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderBox() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <Newsletter />
      </AntApp>
    </QueryClientProvider>,
  );
}

function subscribe(email: string) {
  fireEvent.change(screen.getByLabelText('Email address for the newsletter'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
}

const subscribeCalls = () => calls.filter((c) => c.url === '/api/newslettersubscriber');

describe('newsletter box', { timeout: 60_000 }, () => {
  it('refuses an address that does not look like one, without opening the captcha', async () => {
    renderBox();
    subscribe('amina@');
    await screen.findByText('Please enter a valid email');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('subscribes once the captcha is solved in the dialog, sending the solution in the captcha-response header', async () => {
    renderBox();
    subscribe('amina.diallo@au.int');
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText(/amina\.diallo@au\.int/);
    const confirm = within(dialog).getByRole('button', { name: 'Subscribe' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: /I am not a robot/ }));
    await within(dialog).findByText('Verified');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));

    await screen.findByText('You have been subscribed successfully');
    // Double opt-in: the visitor is told to confirm with the mailed link, without being told whether it was sent.
    screen.getByText(
      /^To complete your subscription, open the link we have mailed to .amina\.diallo@au\.int.\. If this address is already confirmed, there is nothing more to do\.$/,
    );
    const call = itemAt(subscribeCalls(), 0);
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ email: 'amina.diallo@au.int', new: true });
    const solution = JSON.parse(Buffer.from(call.headers['captcha-response'] ?? '', 'base64').toString('utf8'));
    expect(solution).toEqual({
      algorithm: 'SHA-256',
      challenge: CHALLENGE.challenge,
      number: NUMBER,
      salt: SALT,
      signature: 'signed',
    });
    // The box is ready for another address (the dialog's closing animation does not run in jsdom).
    await waitFor(() =>
      expect((screen.getByLabelText('Email address for the newsletter') as HTMLInputElement).value).toBe(''),
    );
  });

  it('shows a refused captcha in the dialog and asks for a new one', async () => {
    subscribeAnswer = () =>
      json({ message: 'The captcha could not be verified. Please try again.', code: 'CAPTCHA_INVALID' }, 400);
    renderBox();
    subscribe('amina.diallo@au.int');
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /I am not a robot/ }));
    await within(dialog).findByText('Verified');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await within(dialog).findByText('The captcha could not be verified. Please try again.');
    // The spent solution is forgotten: the visitor solves a new challenge.
    within(dialog).getByRole('button', { name: /I am not a robot/ });
    expect((within(dialog).getByRole('button', { name: 'Subscribe' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('newsletter privacy notice', () => {
  afterEach(() => applyLanguage('en'));

  it('says under the box what is kept, why, and that a confirmation mail and an unsubscribe link follow', () => {
    renderBox();
    const notice = screen.getByText(/^We keep your email address/);
    expect(notice.textContent).toBe(
      'We keep your email address, with the dates you subscribed and confirmed, only to send you the newsletter. ' +
        'We first mail you a link to confirm your subscription; every newsletter has a link to unsubscribe, which ' +
        'deletes your address.',
    );
    // Screen readers hear it with the address field.
    expect(screen.getByLabelText('Email address for the newsletter').getAttribute('aria-describedby')).toBe(notice.id);
  });

  it('is written in the interface language', async () => {
    await applyLanguage('ar');
    renderBox();
    screen.getByText(/^نحتفظ بعنوان بريدك الإلكتروني/);
    await applyLanguage('fr');
    cleanup();
    renderBox();
    screen.getByText(/^Nous conservons votre adresse électronique.*lien de désabonnement/);
  });
});
