import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CmsEntry, Language } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { CmsEntryForm } from './CmsEntryForm';
import { cmsScreenOfType } from './screens';

configure({ asyncUtilTimeout: 8000 });

const TEXTS: Partial<Record<Language, CmsEntry['text']>> = {
  en: { title: 'About the portal', summary: 'English summary', body: '<p>English body</p>' },
  fr: { title: 'À propos du portail', summary: 'Résumé', body: '<p>Texte</p>' },
};
const stored = {
  id: 'e1',
  type: 'ABOUT',
  position: 4,
  image: 'cms/key.png',
  link: 'https://au.int',
  eventDate: null,
  countryCode: null,
  published: true,
};

type Call = { url: string; method: string; body: unknown };
let calls: Call[];

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  stubAntdBrowserApis();
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ url, method, body });
      const lng = (new URL(url, 'http://x').searchParams.get('lng') ?? 'en') as Language;
      if (url.startsWith('/api/v2/cms/e1') && method === 'GET') {
        return json({
          payload: {
            ...stored,
            lang: lng,
            text: TEXTS[lng] ?? TEXTS.en,
            languages: ['en', 'fr'],
            updatedAt: '2026-01-01T00:00:00.000Z',
          },
        });
      }
      if (url.startsWith('/api/v2/cms/e1') && method === 'PUT') {
        return json({
          payload: {
            ...stored,
            ...body,
            lang: lng,
            languages: ['en', 'fr', lng],
            updatedAt: '2026-01-02T00:00:00.000Z',
          },
        });
      }
      if (url === '/api/countries') return json({ payload: [] });
      return json({ payload: null });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <CmsEntryForm
          screen={cmsScreenOfType('ABOUT')}
          entryId="e1"
          nextPosition={0}
          initialLanguage="en"
          onClose={() => undefined}
        />
      </AntApp>
    </QueryClientProvider>,
  );
}

const title = () => screen.getByLabelText('Title') as HTMLInputElement;

// The form and the lazily loaded rich-text editor are slow to settle in jsdom on a busy machine.
describe('CMS entry form: language switching', { timeout: 40_000 }, () => {
  it("loads each language's own text, empty with a note when there is none, and saves with PUT ?lng of that language", async () => {
    renderForm();
    await waitFor(() => expect(title().value).toBe('About the portal'));

    fireEvent.click(screen.getByText('Français'));
    await waitFor(() => expect(title().value).toBe('À propos du portail'));
    expect(calls.some((c) => c.method === 'GET' && c.url === '/api/v2/cms/e1?lng=fr')).toBe(true);

    fireEvent.click(screen.getByText('العربية'));
    // The server answers Arabic with the English fallback: the form shows no Arabic text, and says so.
    await screen.findByText(/No العربية text yet/);
    await waitFor(() => expect(title().value).toBe(''));

    fireEvent.change(title(), { target: { value: 'عن البوابة' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/api/v2/cms/e1?lng=ar');
    // Shared fields go back unchanged; the text is the Arabic one only.
    expect(put.body).toMatchObject({
      type: 'ABOUT',
      position: 4,
      image: 'cms/key.png',
      link: 'https://au.int',
      published: true,
      text: { title: 'عن البوابة', summary: '' },
    });
  });

  it('asks before dropping unsaved text when the language changes', async () => {
    renderForm();
    await waitFor(() => expect(title().value).toBe('About the portal'));
    fireEvent.change(title(), { target: { value: 'About the portal, edited' } });
    fireEvent.click(screen.getByText('Français'));
    await screen.findByRole('dialog');
    expect(title().value).toBe('About the portal, edited');
    fireEvent.click(screen.getByRole('button', { name: 'Switch language' }));
    await waitFor(() => expect(title().value).toBe('À propos du portail'));
  });
});
