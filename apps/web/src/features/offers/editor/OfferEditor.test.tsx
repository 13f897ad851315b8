import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { stubAntdBrowserApis } from '../../profile/testing';
import { blankSector, type OfferDocument } from '@portal/shared';
import { blankOfferDocument } from '../contract';
import { draftIdFor } from './draft';
import { OfferEditor } from './OfferEditor';

configure({ asyncUtilTimeout: 8000 });

const initialDoc = { ...blankOfferDocument(), name: 'Kenya Conditional Initial Offer' };

beforeEach(() => {
  stubAntdBrowserApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ payload: null }), { status: 200 })),
  );
  localStorage.clear();
  localStorage.setItem('refresh_token', 'r');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(doc: OfferDocument = initialDoc, onSave: () => Promise<void> = async () => undefined) {
  const router = createMemoryRouter(
    [
      {
        path: '/edit-offer/o1',
        element: (
          <OfferEditor
            initialDoc={doc}
            draftId={draftIdFor('u1', 'o1')}
            baseRevision={1}
            restorable={null}
            onDiscardDraft={() => undefined}
            canSubmit={false}
            submitLabel="Sent to AU"
            onSave={onSave}
            onCancel={() => undefined}
          />
        ),
      },
      { path: '/offers', element: <p>Offers page</p> },
    ],
    { initialEntries: ['/edit-offer/o1'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
  return router;
}

const beforeUnloadPrevented = () => {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
};

describe('leaving the offer editor', { timeout: 20_000 }, () => {
  it('asks before a link or the back button leaves with unsaved changes, saying the draft stays in this browser', async () => {
    const router = renderEditor();
    expect(beforeUnloadPrevented()).toBe(false);
    fireEvent.change(screen.getByDisplayValue('Kenya Conditional Initial Offer'), { target: { value: 'Kenya offer' } });
    expect(screen.getByText('Unsaved changes (kept in this browser)')).toBeTruthy();
    expect(beforeUnloadPrevented()).toBe(true);

    await act(() => router.navigate('/offers'));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('The offer is not saved yet. Your changes stay in this browser');
    fireEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit-offer/o1'));

    await act(() => router.navigate('/offers'));
    fireEvent.click((await screen.findAllByRole('button', { name: 'Leave' })).at(-1)!);
    expect(await screen.findByText('Offers page')).toBeTruthy();
  });
});

describe('saving the offer editor', { timeout: 20_000 }, () => {
  it('warns of a sector entered twice and does not save, as the server would refuse it', async () => {
    const legal = () => ({
      ...blankSector(`s${Math.random()}`),
      services: [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }],
    });
    const onSave = vi.fn(async () => undefined);
    renderEditor({ ...initialDoc, sectors: [legal(), legal()] }, onSave);
    fireEvent.click(screen.getByRole('button', { name: 'Save and exit' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The sector 1.A.a appears twice in this offer.');
    expect(onSave).not.toHaveBeenCalled();
  });
});
