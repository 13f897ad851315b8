import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { OfferVersionSummary } from '@portal/shared';
import { stubAntdBrowserApis } from '../../profile/testing';
import { VersionList } from './VersionList';

const version = (number: number, status: OfferVersionSummary['status']): OfferVersionSummary => ({
  id: `v${number}`,
  number,
  status,
  createdAt: '2026-01-0' + number + 'T10:00:00Z',
  authorName: 'Aïssatou',
  comment: null,
  decidedAt: null,
  decidedByName: null,
});

function renderList(versions: OfferVersionSummary[]) {
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ payload: versions }), { status: 200 })),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <VersionList offerId="o1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => stubAntdBrowserApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('version list: pick two versions to compare', () => {
  it('ticking two versions offers to compare them, the older first; a third tick drops the oldest pick', async () => {
    renderList([version(1, 'RETURNED'), version(2, 'RETURNED'), version(3, 'REVISED_OFFER')]);
    const pick = async (n: number) =>
      fireEvent.click(await screen.findByRole('checkbox', { name: `Compare version ${n}` }));
    expect((await screen.findByRole('button', { name: /Compare/ })).hasAttribute('disabled')).toBe(true);
    await pick(3);
    await pick(1);
    const link = await screen.findByRole('link', { name: /Compare version 1 with 3/ });
    expect(link.getAttribute('href')).toBe('/compare-versions/o1?from=1&to=3');
    await pick(2);
    expect((await screen.findByRole('link', { name: /Compare version 1 with 2/ })).getAttribute('href')).toBe(
      '/compare-versions/o1?from=1&to=2',
    );
  });

  it('offers no comparison with a single version', async () => {
    renderList([version(1, 'INITIAL_OFFER')]);
    await screen.findByText('Version 1');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByText('Tick two versions to compare them.')).toBeNull();
  });

  it("gives the author's name and the sent-back comment their own direction", async () => {
    renderList([{ ...version(1, 'RETURNED'), comment: 'Please add the missing horizontal commitments.' }]);
    const comment = await screen.findByText('Please add the missing horizontal commitments.');
    expect([comment.tagName, comment.getAttribute('dir')]).toEqual(['BDI', 'auto']);
    const author = screen.getByText('Aïssatou');
    expect([author.tagName, author.getAttribute('dir')]).toEqual(['BDI', 'auto']);
  });
});
