import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { TEST_PROFILE } from '../../test/profile';
import { applyLanguage, i18n } from '../../i18n';
import { LanguageSelect } from '../layout/LanguageSelect';
import { useMyNotifications } from '../notifications/api';
import { SessionBridge } from './SessionBridge';

type Call = { url: string; method: string; body: unknown };
let calls: Call[];
let profileLanguage: string;
let saveAnswer: (language: string) => Response;
/** The profile call answers once this is resolved (a slow first load after signing in). */
let profileGate: Promise<void>;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function signedIn() {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
}

beforeEach(async () => {
  // An English browser: the detection found English (or the visitor chose it before signing in).
  await applyLanguage('en');
  calls = [];
  profileLanguage = 'fr';
  profileGate = Promise.resolve();
  saveAnswer = (language) => json({ payload: { ...TEST_PROFILE, language } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ url, method: init.method ?? 'GET', body });
      if (url === '/api/profile/current') {
        await profileGate;
        return json({ payload: { ...TEST_PROFILE, language: profileLanguage } });
      }
      if (url === '/api/profile/language') return saveAnswer((body as { language: string }).language);
      return json({ payload: null });
    }),
  );
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  // A new tab: what the last test applied is forgotten.
  sessionStorage.clear();
  await applyLanguage('en');
});

/** The bell's query, as the header holds it. */
function Bell() {
  useMyNotifications();
  return null;
}

function renderHeader() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <SessionBridge />
            <LanguageSelect />
            <Bell />
          </>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

const saves = () => calls.filter((c) => c.url === '/api/profile/language');

async function pick(current: string, language: string) {
  fireEvent.click(await screen.findByRole('button', { name: current }));
  fireEvent.click(await screen.findByText(language));
}

describe("the signed-in user's language", () => {
  it('a user whose profile is in French, signing in from an English browser, sees French and keeps it', async () => {
    signedIn();
    renderHeader();
    await screen.findByRole('button', { name: 'Langue: Français' });
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('nav.login')).toBe('Se connecter');
    // Where the start-up detection reads it: the next visit opens in French too.
    expect(localStorage.getItem('locale')).toBe('fr');
    expect(document.cookie).toContain('locale=fr');
    expect(saves()).toEqual([]);
  });

  it('a language picked in the header switches the interface and is saved to the profile', async () => {
    signedIn();
    renderHeader();
    await pick('Langue: Français', 'العربية');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await waitFor(() =>
      expect(saves()).toEqual([{ url: '/api/profile/language', method: 'PUT', body: { language: 'ar' } }]),
    );
    await screen.findByRole('button', { name: /العربية/ });
    expect(localStorage.getItem('locale')).toBe('ar');
    // The server now shows notifications in Arabic: the bell reads them again once the save is done.
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/notifications/my')).toHaveLength(2));
  });

  it('a reload keeps a language just picked in the header, even if its save never reached the server', async () => {
    signedIn();
    // This tab applied the French profile earlier, then the header switched to Arabic and the page reloaded before
    // the save arrived: the server still says French.
    sessionStorage.setItem('portal:profile-language:' + TEST_PROFILE.userId, 'fr');
    await applyLanguage('ar');
    renderHeader();
    await screen.findByRole('button', { name: /العربية/ });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/profile/current')).toBe(true));
    expect(document.documentElement.dir).toBe('rtl');
    expect(saves()).toEqual([]);
  });

  it('a language picked before the profile has loaded stays, and the profile takes it', async () => {
    let release = () => undefined as void;
    profileGate = new Promise<void>((resolve) => (release = resolve));
    signedIn();
    renderHeader();
    await pick('Language: English', 'العربية');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    // Then the profile arrives, still French: the pick is saved rather than the interface turned French.
    release();
    await waitFor(() =>
      expect(saves()).toEqual([{ url: '/api/profile/language', method: 'PUT', body: { language: 'ar' } }]),
    );
    expect(document.documentElement.lang).toBe('ar');
    await screen.findByRole('button', { name: /العربية/ });
  });

  it('a failed save says so, and the interface still switches', async () => {
    saveAnswer = () => json({ message: 'boom', code: 'INTERNAL' }, 500);
    signedIn();
    renderHeader();
    await pick('Langue: Français', 'English');
    await screen.findByText(/The language is changed on this screen, but it could not be saved to your profile/);
    expect(document.documentElement.lang).toBe('en');
    screen.getByRole('button', { name: 'Language: English' });
  });

  it('an anonymous visitor only switches the interface', async () => {
    renderHeader();
    await pick('Language: English', 'Français');
    await screen.findByRole('button', { name: 'Langue: Français' });
    expect(calls.filter((c) => c.url.startsWith('/api/profile'))).toEqual([]);
  });
});
