import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OfferRequest } from '@portal/shared';
import { testOffer } from '../../test/offer';
import { fakeServer, json, legalSector, renderAt, testRequest } from '../../features/requests/testing';
import RequestEditorPage from './RequestEditorPage';

afterEach(() => vi.unstubAllGlobals());

/** Kenya's conditional offer o1 (version 1 validated), as Senegal reads it. */
const kenya = testOffer({
  versionShown: 1,
  versions: 1,
  status: 'COMMITMENT',
  permissions: { edit: false, submit: false, review: false },
});
const routes = [
  { path: '/request-offer/:id', element: <RequestEditorPage /> },
  { path: '/request-offer/:id/:requestId', element: <p>Request screen</p> },
];
const senegalChief = { role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' } as const;
const draft = (over: Partial<OfferRequest> = {}) =>
  testRequest({
    status: 'DRAFT',
    sentAt: null,
    permissions: { edit: true, send: true, answer: false, withdraw: true },
    ...over,
  });

describe('/request-offer/:id, the request editor', { timeout: 30_000 }, () => {
  it('refuses to save a request without a sector, and says so without calling the server', async () => {
    const calls = fakeServer({ 'GET /api/offers/o1': () => json({ payload: kenya }) });
    renderAt('/request-offer/o1', routes, senegalChief);
    await screen.findByRole('heading', { level: 1, name: 'Request to Kenya' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Covering note' }), {
      target: { value: 'Open legal services.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Choose at least one sector to request.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    // The tabs: the covering note, then (no sector yet) the review, where the final button is.
    const tabs = screen.getByRole('navigation', { name: 'Parts of the offer' });
    expect(within(tabs).getByRole('button', { name: 'Covering note' })).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('button', { name: 'Review and send' }));
    expect(await screen.findByRole('button', { name: 'Submit request' })).toBeTruthy();
  });

  it('names a sector that asks for nothing, and opens it from the message', async () => {
    const calls = fakeServer({
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'GET /api/request-offer/o1/q1': () => json({ payload: draft({ sectors: [legalSector(false)] }) }),
    });
    renderAt('/request-offer/o1?draft=q1', routes, senegalChief);
    await screen.findByRole('textbox', { name: 'Covering note' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'give the commitment asked for in at least one mode, or an additional commitment',
    );
    expect(alert.textContent).toContain('1.A.a');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    fireEvent.click(within(alert).getByRole('button'));
    expect(
      await screen.findByRole('group', { name: /Limitations on market access: 3\) Commercial presence/ }),
    ).toBeTruthy();
  });

  it('sends a draft with Submit request after a confirmation, then opens the request', async () => {
    const calls = fakeServer({
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'GET /api/request-offer/o1/q1': () => json({ payload: draft() }),
      'PUT /api/request-offer/o1/q1': () => json({ payload: testRequest() }),
    });
    const router = renderAt('/request-offer/o1?draft=q1', routes, senegalChief);
    await screen.findByRole('textbox', { name: 'Covering note' });
    const tabs = screen.getByRole('navigation', { name: 'Parts of the offer' });
    fireEvent.click(within(tabs).getByRole('button', { name: 'Review and send' }));
    const review = await screen.findByRole('table', { name: 'Sectors requested' });
    expect(within(review).getByText('Modes asked: 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Send this request?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-offer/o1/q1'));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      note: 'Please bind legal services.',
      submitted: true,
      sectors: [{ sectorId: 's1' }],
    });
  });

  it("shows the server's refusal and keeps the work", async () => {
    fakeServer({
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'GET /api/request-offer/o1/q1': () => json({ payload: draft() }),
      'PUT /api/request-offer/o1/q1': () =>
        json(
          { code: 'REQUEST_OFFER_FINALIZED', message: 'This offer has been finalized: it takes no more requests.' },
          409,
        ),
    });
    const router = renderAt('/request-offer/o1?draft=q1', routes, senegalChief);
    await screen.findByRole('textbox', { name: 'Covering note' });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This offer has been finalized: it takes no more requests.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/request-offer/o1');
  });

  it('lets a focal point save drafts only, and refuses a request to one’s own offer', async () => {
    fakeServer({ 'GET /api/offers/o1': () => json({ payload: kenya }) });
    renderAt('/request-offer/o1', routes, { role: 'SERVICE_FOCAL_POINT', countryCode: 'SN' });
    expect(await screen.findByText(/your chief negotiator sends it in the country’s name/)).toBeTruthy();
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Parts of the offer' })).getByRole('button', {
        name: 'Review and send',
      }),
    );
    await screen.findByRole('heading', { name: 'Sectors requested' });
    expect(screen.queryByRole('button', { name: 'Submit request' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeTruthy();
  });

  it('refuses a request to one’s own country’s offer', async () => {
    fakeServer({ 'GET /api/offers/o1': () => json({ payload: kenya }) });
    renderAt('/request-offer/o1', routes, { role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    expect(await screen.findByText(/A country cannot send a request to itself/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
  });
});
