import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { EntryHistory } from '@portal/shared';
import { stubAntdBrowserApis } from '../profile/testing';
import { EntryHistoryButton } from './EntryHistoryButton';
import { itemAt } from '../../test/itemAt';

const LABEL = 'Additional commitments';
const history: EntryHistory = {
  key: 's.s1.ADDITIONAL.commitment',
  steps: [
    { version: 1, status: 'INITIAL_OFFER', at: '2026-11-02T10:00:00.000Z', value: '', acceptedFrom: null },
    {
      version: null,
      status: 'DRAFT',
      at: '2026-11-29T10:00:00.000Z',
      value: 'Licences under 1.A.a granted within 30 days',
      acceptedFrom: {
        responseId: 'r1',
        countryCode: 'SN',
        countryName: 'Senegal',
        counterOfferSentAt: '2026-11-28T10:00:00.000Z',
        decidedBy: null,
        decidedAt: '2026-11-29T09:00:00.000Z',
      },
    },
  ],
};

function renderButton(answer: () => Response) {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('/countries') ? new Response(JSON.stringify({ payload: [] })) : answer(),
  );
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EntryHistoryButton offerId="o1" entryKey="s.s1.ADDITIONAL.commitment" label={LABEL} />
    </QueryClientProvider>,
  );
  return fetchMock;
}
const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: `History: ${LABEL}` }));
  return screen.findByRole('dialog', { name: `History: ${LABEL}` });
};

beforeEach(() => stubAntdBrowserApis());
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the history of an entry', { timeout: 20_000 }, () => {
  it('reads nothing until opened, then lists the versions and the draft, the written text isolated', async () => {
    const fetchMock = renderButton(() => new Response(JSON.stringify({ payload: history })));
    expect(screen.getByRole('button', { name: `History: ${LABEL}` }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(fetchMock).not.toHaveBeenCalled();
    const dialog = await open();
    const steps = await within(dialog).findAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      "Version 1 — (empty) (written by the offer's country)Initial offer · 2 Nov 2026",
      "Draft — Licences under 1.A.a granted within 30 days, accepted from Senegal's counter offer (decided on 29 Nov 2026)saved 29 Nov 2026",
    ]);
    expect(within(itemAt(steps, 1)).getByText('1.A.a').closest('bdi')?.getAttribute('dir')).toBe('ltr');

    // The dialog's corner button and the footer's both close it.
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
  });

  it('says the entry has no saved version yet when the server knows none', async () => {
    renderButton(
      () => new Response(JSON.stringify({ message: 'Not found', code: 'ENTRY_NOT_FOUND' }), { status: 404 }),
    );
    const dialog = await open();
    expect(
      await within(dialog).findByText('No saved version holds this entry yet: save the offer to start its history.'),
    ).toBeTruthy();
  });
});
