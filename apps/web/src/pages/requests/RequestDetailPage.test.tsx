import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Sector } from '@portal/shared';
import { testOffer } from '../../test/offer';
import { blankSector } from '../../features/offers/contract';
import { fakeServer, json, renderAt, testRequest } from '../../features/requests/testing';
import RequestDetailPage from './RequestDetailPage';

afterEach(() => vi.unstubAllGlobals());

/** Kenya's offer schedules legal services with mode 3 unbound. */
const legal: Sector = {
  ...blankSector('k1'),
  services: [{ title: 'Legal Services', value: '1.A.a', key: '1.A.a' }],
  codes: ['1.A.a'],
};
legal.sectorCommitement.limitationsMA.commercialPresence.value = 'Unbound';
const kenya = testOffer({ versionShown: 2, versions: 2, status: 'COMMITMENT', sectors: [legal] });
const routes = [
  { path: '/request-offer/:id/:requestId', element: <RequestDetailPage /> },
  { path: '/chat/:id/:version', element: <p>Negotiation room</p> },
];

describe('/request-offer/:id/:requestId', { timeout: 30_000 }, () => {
  it('shows the request beside the offer, entry by entry, and lets Kenya answer it with a note', async () => {
    let served = testRequest({ permissions: { edit: false, send: false, answer: true, withdraw: false } });
    const calls = fakeServer({
      'GET /api/request-offer/o1/q1': () => json({ payload: served }),
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'POST /api/request-offer/o1/q1/answer': (body) =>
        json({
          payload: (served = testRequest({
            status: 'ANSWERED',
            answer: {
              versionNumber: null,
              responseId: null,
              note: (body as { note: string }).note,
              answeredByName: 'W K',
            },
          })),
        }),
    });
    renderAt('/request-offer/o1/q1', routes, { role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    const table = await screen.findByRole('table', { name: /1\.A\.a Legal Services/ });
    const mode3 = within(table).getByRole('row', { name: /Limitations on market access — 3\) Commercial presence/ });
    const [asked, current] = within(mode3).getAllByRole('cell');
    expect(asked?.textContent).toBe('None');
    await waitFor(() => expect(current?.textContent).toBe('Unbound'));
    expect(within(table).getByRole('columnheader', { name: 'Current: offer of Kenya, version 2' })).toBeTruthy();
    const mode1 = within(table).getByRole('row', { name: /Limitations on market access — 1\) Cross-border supply/ });
    expect(within(mode1).getAllByRole('cell')[0]?.textContent).toBe('Not asked');
    expect(screen.getByText('From Senegal to Kenya')).toBeTruthy();
    expect(screen.getByText('Please bind legal services.')).toBeTruthy();

    // Answering with a note only needs the note.
    fireEvent.click(screen.getByRole('radio', { name: 'A note only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Write the note that answers the request.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'We bind legal services now.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send the answer' }));
    expect(await screen.findByRole('heading', { name: 'Answer of Kenya' })).toBeTruthy();
    expect(screen.getByText('We bind legal services now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the answer' })).toBeNull();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      versionNumber: null,
      responseId: null,
      note: 'We bind legal services now.',
    });
  });

  it('lets Senegal withdraw after a confirmation, and shows the refusal when Kenya answered meanwhile', async () => {
    const calls = fakeServer({
      'GET /api/request-offer/o1/q1': () =>
        json({ payload: testRequest({ permissions: { edit: false, send: false, answer: false, withdraw: true } }) }),
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'POST /api/request-offer/o1/q1/withdraw': () =>
        json(
          {
            code: 'REQUEST_ANSWERED',
            message: 'This request has already been answered: it can no longer be withdrawn or answered again.',
          },
          409,
        ),
    });
    renderAt('/request-offer/o1/q1', routes, { role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' });
    fireEvent.click(await screen.findByRole('button', { name: /Withdraw$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Withdraw this request?');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw the request' }));
    expect(
      await screen.findByText(
        'This request has already been answered: it can no longer be withdrawn or answered again.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send the answer' })).toBeNull();
  });

  it('Discuss opens the two countries’ room', async () => {
    const calls = fakeServer({
      'GET /api/request-offer/o1/q1': () => json({ payload: testRequest() }),
      'GET /api/offers/o1': () => json({ payload: kenya }),
      'POST /api/request-offer/o1/q1/discuss': () => json({ payload: { roomId: 'room-1' } }),
    });
    const router = renderAt('/request-offer/o1/q1', routes, { role: 'CHIEF_NEGOTIATOR', countryCode: 'SN' });
    fireEvent.click(await screen.findByRole('button', { name: /Discuss$/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/room-1/0'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/request-offer/o1/q1/discuss']);
  });

  it('offers its country Edit draft on a draft, and no Discuss', async () => {
    fakeServer({
      'GET /api/request-offer/o1/q1': () =>
        json({
          payload: testRequest({
            status: 'DRAFT',
            sentAt: null,
            permissions: { edit: true, send: false, answer: false, withdraw: true },
          }),
        }),
      'GET /api/offers/o1': () => json({ payload: kenya }),
    });
    renderAt('/request-offer/o1/q1', routes, { role: 'SERVICE_FOCAL_POINT', countryCode: 'SN' });
    const edit = await screen.findByRole('link', { name: /Edit draft$/ });
    expect(edit.getAttribute('href')).toBe('/request-offer/o1?draft=q1');
    expect(screen.getByText(/Your chief negotiator sends it/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Discuss$/ })).toBeNull();
  });

  it('says a request one may not see is not found', async () => {
    fakeServer({ 'GET /api/request-offer/o1/q1': () => json({ code: 'NOT_FOUND', message: 'Not found' }, 404) });
    renderAt('/request-offer/o1/q1', routes, { role: 'CHIEF_NEGOTIATOR', countryCode: 'GH' });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('From Senegal to Kenya')).toBeNull();
  });
});
