import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Profile, ResponseOffer } from '@portal/shared';
import { stubAntdBrowserApis } from '../../features/profile/testing';
import { blankOfferDocument } from '../../features/offers/contract';
import { responseKeys } from '../../features/responses/queries';
import { PROFILE_KEY } from '../../features/session/useSession';
import ViewResponseOfferPage from './ViewResponseOfferPage';
import { itemAt } from '../../test/itemAt';

configure({ asyncUtilTimeout: 8000 });

const counter = {
  id: 'r1',
  offerId: 'o1',
  offerName: 'Kenya Conditional Initial Offer',
  offerCountryCode: 'KE',
  offerCountryName: 'Kenya',
  versionNumber: 1,
  responderCountryCode: 'GH',
  responderCountryName: 'Ghana',
  authorName: 'Ama Mensah',
  pdfFileKey: null,
  createdAt: '2026-11-01T00:00:00.000Z',
  changedEntries: 1,
  status: 'SENT',
  sentAt: '2026-11-01T00:00:00.000Z',
  document: blankOfferDocument(),
  original: blankOfferDocument(),
} as unknown as ResponseOffer;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let attachCalls: { url: string; body: unknown }[];
let attachReply: () => Response;

beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.clear();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
  attachCalls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/response-offer/file/')) {
        attachCalls.push({ url, body: init.body });
        return attachReply();
      }
      if (url === '/api/response-offer/r1') return json({ payload: counter });
      return json({ payload: null });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(state?: unknown) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(responseKeys.one('r1'), counter);
  client.setQueryData(PROFILE_KEY, { userId: 'u1', role: 'CHIEF_NEGOTIATOR', countryCode: 'GH' } as Profile);
  const router = createMemoryRouter([{ path: '/view-response-offer/:id', element: <ViewResponseOfferPage /> }], {
    initialEntries: [{ pathname: '/view-response-offer/r1', state }],
  });
  render(
    <QueryClientProvider client={client}>
      <AntApp>
        <RouterProvider router={router} />
      </AntApp>
    </QueryClientProvider>,
  );
}

describe('/view-response-offer/:id without its PDF', { timeout: 20_000 }, () => {
  it('says why saving could not attach the PDF, and attaching again asks the server to make it (no file sent)', async () => {
    renderPage({ pdfError: 'Something is wrong: The PDF could not be made.' });
    const shown = await screen.findByRole('alert');
    expect(shown.textContent).toContain('Something is wrong: The PDF could not be made.');
    expect(shown.textContent).toContain('Your counter offer is saved, but its PDF could not be attached.');

    // The server fails again: its reason replaces the old one, nothing is uploaded from the browser.
    attachReply = () => json({ message: 'The typesetter stopped.', code: 'DOCUMENT_FAILED' }, 503);
    fireEvent.click(screen.getByRole('button', { name: /Make and attach the PDF/ }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Something is wrong: the document could not be made. Please try again.',
      ),
    );
    expect(attachCalls).toEqual([{ url: '/api/response-offer/file/r1?lang=en', body: undefined }]);

    attachReply = () => json({ payload: { ...counter, pdfFileKey: 'responses/r1.pdf' } });
    fireEvent.click(screen.getByRole('button', { name: /Make and attach the PDF/ }));
    expect(await screen.findByText('The PDF of the counter offer has been attached.')).toBeTruthy();
    expect(attachCalls).toHaveLength(2);
    expect(itemAt(attachCalls, 1).body).toBeUndefined();
    await waitFor(() => expect(screen.queryByText(/the document could not be made/)).toBeNull());
  });

  it('offers the counter offer as a document to download in any format and language', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Download' })).toBeTruthy();
  });
});
