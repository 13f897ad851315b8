import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ResponseEntry } from '@portal/shared';
import { applyLanguage } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { EntryDecision, SectorDecisions } from './EntryDecision';

configure({ asyncUtilTimeout: 8000 });

const open: ResponseEntry = {
  key: 's.a1.MA.commercialPresence',
  sectorCodes: ['1.A.a'],
  sectorTitle: '1.A.a Legal services',
  part: 'SECTOR',
  block: 'MA',
  mode: 'commercialPresence',
  field: 'entry',
  kind: 'changed',
  original: 'Unbound*',
  proposed: 'None',
  decision: 'OPEN',
  note: null,
  decidedBy: null,
  decidedAt: null,
  notTakenUp: false,
};

let sent: { url: string; body: unknown }[] = [];
let answer: (body: { decision: string; note?: string | null }) => { status: number; body: unknown };
beforeEach(() => {
  stubAntdBrowserApis();
  sent = [];
  answer = (b) => ({
    status: 200,
    body: {
      payload: {
        ...open,
        decision: b.decision,
        note: b.note ?? null,
        decidedBy: 'Jane Doe',
        decidedAt: '2026-11-28T10:00:00Z',
      },
    },
  });
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 600_000));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      if (init?.method === 'PUT') sent.push({ url: String(url), body });
      const { status, body: out } = init?.method === 'PUT' ? answer(body) : { status: 200, body: { payload: {} } };
      return new Response(JSON.stringify(out), { status, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});
afterAll(() => applyLanguage('en'));

function renderEntry(entry: ResponseEntry, mayDecide: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <EntryDecision responseId="r1" offerId="o1" offerCountryName="Kenya" entry={entry} mayDecide={mayDecide} />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('deciding on an entry of a counter offer', () => {
  it('accepts, sending the decision shown as expected, and says where the value went', async () => {
    renderEntry(open, true);
    expect(screen.getByText('Open')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Accept the proposed value (1.A.a)' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/response-offer/r1/entries/s.a1.MA.commercialPresence',
      body: { decision: 'ACCEPTED', note: null, expected: 'OPEN' },
    });
    await screen.findByText('Accepted: the value is in your draft offer, not yet submitted.');
  });

  it('declines with a reason written in the popover', async () => {
    renderEntry(open, true);
    fireEvent.click(screen.getByRole('button', { name: 'Decline the proposed value (1.A.a)' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Reason (optional)' }), {
      target: { value: 'Mode 3 stays bound by the investment law.' },
    });
    const form = screen.getByRole('textbox', { name: 'Reason (optional)' }).closest('form')!;
    fireEvent.click(within(form).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      decision: 'DECLINED',
      note: 'Mode 3 stays bound by the investment law.',
      expected: 'OPEN',
    });
  });

  it('shows the other side the decision, who took it and the reason, with no way to change it', () => {
    renderEntry(
      { ...open, decision: 'DECLINED', note: 'Not now.', decidedBy: 'Jane Doe', decidedAt: '2026-11-28T10:00:00Z' },
      false,
    );
    expect(screen.getByText('Declined')).toBeTruthy();
    expect(screen.getByText(/Jane Doe/)).toBeTruthy();
    expect(screen.getByText('Not now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reopen' })).toBeNull();
    expect(screen.getByRole('button', { name: /Discuss this entry/ })).toBeTruthy();
  });

  it('isolates who decided and when, so that in Arabic the name stays whole and the date after it', async () => {
    await applyLanguage('ar');
    const { container } = renderEntry(
      { ...open, decision: 'ACCEPTED', decidedBy: 'Aïssatou Ndiaye', decidedAt: '2026-11-28T10:00:00Z' },
      false,
    );
    const by = container.querySelector('.entry-decision-by')!;
    const isolates = [...by.querySelectorAll('bdi')].map((b) => [b.getAttribute('dir'), b.textContent]);
    expect(isolates[0]).toEqual(['auto', 'Aïssatou Ndiaye']);
    expect(isolates[1]?.[1]).toMatch(/2026/);
    // Only the Arabic comma between them is the sentence's.
    expect(by.textContent).toBe(`Aïssatou Ndiaye، ${isolates[1]?.[1]}`);
    await applyLanguage('en');
  });

  it('says so when someone else decided first', async () => {
    answer = () => ({
      status: 409,
      body: { code: 'ENTRY_DECIDED_MEANWHILE', message: 'meanwhile', payload: { ...open, decision: 'DECLINED' } },
    });
    renderEntry(open, true);
    fireEvent.click(screen.getByRole('button', { name: 'Accept the proposed value (1.A.a)' }));
    await screen.findByText('Someone else decided on this entry meanwhile: their decision is now shown.');
  });

  it('reads "not taken up" once the offer was finalized', () => {
    renderEntry({ ...open, decision: 'DECLINED', notTakenUp: true }, false);
    expect(screen.getByText('Not taken up (offer finalized)')).toBeTruthy();
  });

  it('in French, a sector’s open entries are accepted all at once', async () => {
    await applyLanguage('fr');
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <AntApp>
          <SectorDecisions
            responseId="r1"
            entries={[open, { ...open, key: 's.a1.NT.crossBorder' }, { ...open, key: 'x', decision: 'DECLINED' }]}
          />
        </AntApp>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accepter toutes les ouvertes (2)' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.url.split('/').at(-1))).toEqual(['s.a1.MA.commercialPresence', 's.a1.NT.crossBorder']);
  });
});
