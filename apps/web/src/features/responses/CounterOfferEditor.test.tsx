import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { OfferDocument } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { blankOfferDocument, blankSector } from '../offers/contract';
import { draftIdFor, draftKey, readDraft, type LocalDraft } from '../offers/editor/draft';
import { CounterOfferEditor } from './CounterOfferEditor';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const DRAFT_ID = draftIdFor('u1', 'counter:o1');
const original: OfferDocument = {
  ...blankOfferDocument(),
  name: 'Kenya Conditional Initial Offer',
  sectors: [{ ...blankSector('s1'), services: [{ title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' }] }],
};

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('refresh_token', 'r'); // signed in: drafts are kept only during a session
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(
  restorable: LocalDraft | null = null,
  { maySend = true, onSave = vi.fn() }: { maySend?: boolean; onSave?: (doc: OfferDocument) => void } = {},
) {
  const onCancel = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/response-offer/o1',
        element: (
          <CounterOfferEditor
            original={original}
            draftId={DRAFT_ID}
            baseRevision={2}
            restorable={restorable}
            onDiscardDraft={() => undefined}
            saving={false}
            maySend={maySend}
            offerCountry="Kenya"
            onSave={onSave}
            onCancel={onCancel}
            onChat={() => void router.navigate('/chat')}
          />
        ),
      },
      { path: '/chat', element: <p>Chat page</p> },
      { path: '/offers', element: <p>Offers page</p> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/response-offer/o1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return { router, onCancel };
}

/** Opens the sector tab and proposes GATS+ on its first entry: a counter proposal, so unsaved work. */
function changeAnEntry() {
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  fireEvent.click(itemAt(screen.getAllByRole('checkbox'), 0));
  expect(screen.getByText('Changed entries: 1')).toBeTruthy();
}

/** The button of the newest dialog (a closed one stays in the page while it fades out). */
const lastButton = async (name: string) => (await screen.findAllByRole('button', { name })).at(-1)!;

describe('leaving the counter-offer editor', { timeout: 20_000 }, () => {
  it('keeps the work in a local draft and asks before Chat leaves the page', async () => {
    const { router } = renderEditor();
    changeAnEntry();
    await waitFor(() => expect(readDraft(DRAFT_ID)?.baseRevision).toBe(2), { timeout: 3000 });

    fireEvent.click(screen.getByRole('button', { name: /^Chat:/ }));
    expect(await screen.findByRole('dialog', { name: 'Open the chat?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.pathname).toBe('/response-offer/o1');

    fireEvent.click(screen.getByRole('button', { name: /^Chat:/ }));
    fireEvent.click(await lastButton('Open the chat'));
    expect(await screen.findByText('Chat page')).toBeTruthy();
    // The change is in the draft, offered again on coming back.
    const draft = readDraft(DRAFT_ID)!;
    expect(draft.doc.sectors[0]?.changed).toBe(true);
  });

  it('asks before a link or the back button leaves, and before the tab is closed', async () => {
    const { router, onCancel } = renderEditor();
    changeAnEntry();

    await act(() => router.navigate('/offers'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/response-offer/o1'));

    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledWith(true);

    await act(() => router.navigate('/offers'));
    fireEvent.click(await lastButton('Leave'));
    expect(await screen.findByText('Offers page')).toBeTruthy();
  });

  it('an idle logout goes to sign in without asking, and leaves no draft for the next person', async () => {
    const { router } = renderEditor();
    changeAnEntry(); // not yet written when the session ends

    // As signOut does: the tokens go (SessionBridge deletes the drafts), then the app goes to /login.
    act(() => localStorage.removeItem('refresh_token'));
    await act(() => router.navigate('/login', { replace: true }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The editor's unmount wrote nothing back.
    expect(localStorage.getItem(draftKey(DRAFT_ID))).toBeNull();
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = renderEditor();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
    await act(() => router.navigate('/offers'));
    expect(await screen.findByText('Offers page')).toBeTruthy();
    expect(localStorage.getItem(draftKey(DRAFT_ID))).toBeNull();
  });

  it('offers to restore the draft of an earlier visit', async () => {
    const changed = structuredClone(original);
    const sector = itemAt(changed.sectors, 0);
    sector.sectorCommitement.limitationsMA.crossBorder = {
      ...sector.sectorCommitement.limitationsMA.crossBorder,
      isChecked: true,
      edited: true,
      hasChanged: true,
    };
    sector.changed = true;
    renderEditor({ offerId: DRAFT_ID, baseRevision: 2, savedAt: '2026-11-20T10:00:00.000Z', doc: changed });
    expect(screen.getByText('Changed entries: 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore' }));
    expect(await screen.findByText('Changed entries: 1')).toBeTruthy();
  });
});

describe('sending a counter offer', { timeout: 20_000 }, () => {
  it('asks before sending a counter offer that changes nothing; going back sends nothing', async () => {
    const onSave = vi.fn();
    renderEditor(null, { onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Send counter offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'This counter offer changes nothing' });
    expect(dialog.textContent).toContain('No entry differs from the offer of Kenya you answer. Send it anyway?');
    fireEvent.click(await lastButton('Keep editing'));
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Send counter offer' }));
    fireEvent.click(await lastButton('Yes, without changes'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('asks before sending, naming the country answered and the number of changes; going back sends nothing', async () => {
    const onSave = vi.fn();
    renderEditor(null, { onSave });
    changeAnEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Send counter offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this counter offer?' });
    expect(dialog.textContent).toContain(
      'It answers the offer of Kenya. Changed entries: 1. Kenya will see it and be told.',
    );
    expect(screen.queryByRole('dialog', { name: 'This counter offer changes nothing' })).toBeNull();
    fireEvent.click(await lastButton('Keep editing'));
    expect(onSave).not.toHaveBeenCalled();

    // The page's button comes first; the dialog closed may still be fading out after it.
    fireEvent.click(itemAt(screen.getAllByRole('button', { name: 'Send counter offer' }), 0));
    fireEvent.click(await lastButton('Send counter offer'));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });

  it('asks in French', async () => {
    await applyLanguage('fr');
    try {
      renderEditor();
      fireEvent.click(screen.getByRole('button', { name: 'Suivant' }));
      fireEvent.click(itemAt(screen.getAllByRole('checkbox'), 0));
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer la contre-offre' }));
      const dialog = await screen.findByRole('dialog', { name: 'Envoyer cette contre-offre ?' });
      expect(dialog.textContent).toContain(
        'Elle répond à l’offre de Kenya. Entrées modifiées : 1. Kenya la verra et en sera informé.',
      );
    } finally {
      await applyLanguage('en');
    }
  });

  it("tells a focal point it saves a draft for the chief negotiator, who sends it in the country's name", async () => {
    const onSave = vi.fn();
    renderEditor(null, { maySend: false, onSave });
    expect(screen.getByText(/Only your chief negotiator can send a counter offer/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send counter offer' })).toBeNull();
    changeAnEntry();
    fireEvent.click(screen.getByRole('button', { name: 'Save for the chief negotiator' }));
    expect(onSave).toHaveBeenCalledTimes(1);
  });
});
