import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { MessageItem } from './MessageItem';
import { fetchMessageTranslation, MessageTranslation } from './MessageTranslation';
import { testMessage } from '../../test/chat';

configure({ asyncUtilTimeout: 8000 });

const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
    ),
  );

beforeEach(() => stubAntdBrowserApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

describe('translating a chat message', () => {
  it('says that no machine translation is configured instead of showing a half-translated text', async () => {
    answer(422, {
      message: 'No machine translation is configured on this portal',
      code: 'TRANSLATION_NOT_CONFIGURED',
    });
    const state = await fetchMessageTranslation('Market access: Unbound* for mode 1', 'fr');
    expect(state).toEqual({ kind: 'notConfigured', lang: 'fr' });
    render(<MessageTranslation state={state} />);
    expect(screen.getByRole('status').textContent).toBe(
      'No machine translation is configured on this portal: the message can only be read as written.',
    );
    expect(document.body.textContent).not.toContain('Non consolidé');
  });

  it('marks a machine translation as such, in the interface language', async () => {
    await applyLanguage('fr');
    answer(200, {
      payload: {
        message: 'Accès aux marchés : non consolidé* pour le mode 1',
        lang: 'fr',
        translated: true,
        provider: 'libretranslate',
        machine: true,
        sameLanguage: false,
      },
    });
    const state = await fetchMessageTranslation('Market access: Unbound* for mode 1', 'fr');
    render(<MessageTranslation state={state} />);
    expect(screen.getByText('Traduction automatique')).toBeTruthy();
    expect(document.body.textContent).toContain('Accès aux marchés : non consolidé* pour le mode 1');
    await applyLanguage('en');
  });

  it('says when the message is already in the asked language, and when the service is down', async () => {
    answer(200, {
      payload: {
        message: 'See you tomorrow',
        lang: 'en',
        translated: false,
        provider: 'none',
        machine: false,
        sameLanguage: true,
      },
    });
    render(<MessageTranslation state={await fetchMessageTranslation('See you tomorrow', 'en')} />);
    expect(screen.getByRole('status').textContent).toContain('already in this language');
    cleanup();
    answer(503, { message: 'down', code: 'UNAVAILABLE' }, { 'Retry-After': '30' });
    render(<MessageTranslation state={await fetchMessageTranslation('See you tomorrow', 'fr')} />);
    expect(screen.getByRole('status').textContent).toContain('not answering');
  });
});

const chatMessage = testMessage({ conversation: 'Market access: Unbound* for mode 1' });

/** A message on a portal whose settings (GET /client-config) say whether a machine translation service is configured. */
function messageWith(machineTranslation: boolean) {
  const fetchMock = vi.fn(async (_url: string) => new Response('{}', { status: 500 }));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['client-config'], {
    idleTimeoutMs: 60_000,
    idleCountdownSeconds: 60,
    regionName: 'African Union',
    machineTranslation,
  });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <MessageItem message={chatMessage} mine={false} />
      </AntApp>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe('the translate menu of a chat message', { timeout: 20_000 }, () => {
  it('offers no translate action without a machine translation service, in any language', async () => {
    for (const [lang, button] of [
      ['en', 'Translate'],
      ['fr', 'Traduire'],
      ['ar', 'ترجمة'],
    ] as const) {
      await applyLanguage(lang);
      const fetchMock = messageWith(false);
      expect(document.body.textContent).toContain(chatMessage.conversation);
      expect(screen.queryByRole('button', { name: button })).toBeNull();
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/chats/message/translate'))).toBe(false);
      cleanup();
    }
    await applyLanguage('en');
  });

  it('offers the three languages when a service is configured', async () => {
    await applyLanguage('en');
    messageWith(true);
    fireEvent.click(screen.getByRole('button', { name: 'Translate' }));
    expect(await screen.findByRole('menuitem', { name: 'Français' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'English' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem')).toHaveLength(3);
  });
});
