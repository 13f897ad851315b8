import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { stubAntdBrowserApis } from '../../profile/testing';
import { draftIdFor } from './draft';
import { useLeaveGuard } from './useLeaveGuard';

configure({ asyncUtilTimeout: 8000 });

function Editor() {
  const [dirty, setDirty] = useState(false);
  useLeaveGuard({
    dirty,
    draftId: draftIdFor('u1', 'o1'),
    content: 'Your changes stay in this browser.',
    okText: 'Leave',
  });
  return <button onClick={() => setDirty(true)}>Change</button>;
}

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('refresh_token', 'r');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The editor with unsaved work, in a router that also has the sign-in page and another page. */
function renderDirtyEditor() {
  const router = createMemoryRouter(
    [
      { path: '/edit-offer/o1', element: <Editor /> },
      { path: '/offers', element: <p>Offers page</p> },
      { path: '/login', element: <p>Sign-in page</p> },
    ],
    { initialEntries: ['/edit-offer/o1'] },
  );
  // Without motion a closed dialog leaves the page at once (jsdom never ends an animation).
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Change' }));
  return router;
}

/** What the session code does on an idle logout, a refused refresh or a deactivated country. */
const endSession = () => localStorage.removeItem('refresh_token');

const beforeUnloadPrevented = () => {
  const unload = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(unload);
  return unload.defaultPrevented;
};

describe('the leave guard lets forced exits through', { timeout: 20_000 }, () => {
  it('holds an ordinary link (the baseline)', async () => {
    const router = renderDirtyEditor();
    await act(() => router.navigate('/offers'));
    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/edit-offer/o1');
  });

  it('never holds the way to the sign-in page, even before the session is seen ending', async () => {
    const router = renderDirtyEditor();
    await act(() => router.navigate('/login', { replace: true }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('holds nothing once the session has ended, and closing the tab is not asked about', async () => {
    const router = renderDirtyEditor();
    expect(beforeUnloadPrevented()).toBe(true);
    endSession();
    expect(beforeUnloadPrevented()).toBe(false);
    await act(() => router.navigate('/offers'));
    expect(await screen.findByText('Offers page')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a question already open when the session ends goes away with the editor', async () => {
    const router = renderDirtyEditor();
    await act(() => router.navigate('/offers'));
    await screen.findByRole('dialog', { name: 'Leave without saving?' });
    endSession();
    await act(() => router.navigate('/login', { replace: true }));
    expect(await screen.findByText('Sign-in page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).toBeNull());
  });
});
