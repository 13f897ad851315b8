import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CHAT_MESSAGES, isolateAuto, SECTORS_MESSAGES, stripIsolates } from '@portal/shared';
import { ApiError } from '../../api/http';
import { applyLanguage, i18n } from '../../i18n';
import en from '../../i18n/en.json';
import { stubAntdBrowserApis } from '../profile/testing';
import { GatsTable } from '../gats/GatsTable';
import { uploadFailedText } from '../../api/uploadFailure';
import { chatErrorText } from './messages';
import { NewConversationModal } from './NewConversationModal';

configure({ asyncUtilTimeout: 8000 });

beforeEach(() => {
  stubAntdBrowserApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ payload: [] }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
afterAll(() => applyLanguage('en'));

describe("the spec's messaging and sectors messages", () => {
  it('keep the spec wording in English, typos included', () => {
    expect(en.chat.titleRequired).toBe(CHAT_MESSAGES.titleRequired);
    expect(en.chat.roomCreated).toBe(CHAT_MESSAGES.roomCreated);
    expect(en.chat.userAdded).toBe(CHAT_MESSAGES.userAdded);
    expect(en.sectors.messages).toEqual({ ...SECTORS_MESSAGES });
    expect(uploadFailedText('scan.pdf', i18n.getFixedT('en'))).toBe(`${isolateAuto('scan.pdf')} file upload failed.`);
  });

  it('show the new-conversation validation in French', async () => {
    await applyLanguage('fr');
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AntApp>
          <NewConversationModal open onClose={() => undefined} onCreated={() => undefined} />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Veuillez saisir un titre de conversation')).toBeTruthy();
    expect(screen.queryByText(CHAT_MESSAGES.titleRequired)).toBeNull();
    // Typing a title takes the message away.
    fireEvent.change(screen.getByLabelText('Titre de la conversation'), { target: { value: 'Mode 4' } });
    expect(screen.queryByText('Veuillez saisir un titre de conversation')).toBeNull();
  });

  it("show the GATS look-up failure in French, and the server's known refusals translated", async () => {
    await applyLanguage('fr');
    render(<GatsTable rows={[]} failed />);
    expect(screen.getByText('Erreur : aucune donnée')).toBeTruthy();

    const t = i18n.getFixedT('fr');
    expect(chatErrorText(new ApiError(409, CHAT_MESSAGES.alreadyMember, 'CHAT_ALREADY_MEMBER'), t)).toBe(
      'Cet utilisateur participe déjà à la conversation',
    );
    expect(chatErrorText(new ApiError(500, 'boom', 'INTERNAL'), t)).toBe(t('chat.genericError'));
    expect(stripIsolates(uploadFailedText('scan.pdf', t))).toBe('Échec du téléversement du fichier scan.pdf.');
  });
});
