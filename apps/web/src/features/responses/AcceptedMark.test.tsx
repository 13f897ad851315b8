import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { AcceptedEntry, EntryHistory } from '@portal/shared';
import { applyLanguage, i18n } from '../../i18n';
import { stubAntdBrowserApis } from '../profile/testing';
import { testCountry } from '../../test/country';
import { blankSector } from '../offers/contract';
import { SectorCommitmentsStep } from '../offers/editor/SectorCommitmentsStep';
import { AcceptedEntriesProvider } from './AcceptedEntriesContext';
import { AcceptedBanner } from './AcceptedMark';

const senegal = testCountry(2, 'SN', 'Senegal', { nameFr: 'Sénégal', nameAr: 'السنغال' });
const source = {
  responseId: 'r1',
  countryCode: 'SN',
  countryName: 'Senegal',
  counterOfferSentAt: '2026-11-28T10:00:00.000Z',
  decidedBy: 'Jane Doe',
  decidedAt: '2026-11-29T09:00:00.000Z',
};
const accepted = (over: Partial<AcceptedEntry>): AcceptedEntry => ({
  ...source,
  key: 'k',
  part: 'SECTOR',
  sectorId: 's1',
  block: 'MA',
  mode: null,
  field: 'entry',
  column: null,
  ...over,
});
const entries = [
  accepted({ key: 's.s1.MA.crossBorder', mode: 'crossBorder' }),
  accepted({ key: 's.s1.ADDITIONAL.commitment', block: 'ADDITIONAL', field: 'commitment' }),
  accepted({ key: 'h.r0.1', part: 'HORIZONTAL', sectorId: null, field: 'cell', column: 1 }),
];
const history: EntryHistory = {
  key: 's.s1.MA.crossBorder',
  steps: [
    { version: 1, status: 'INITIAL_OFFER', at: '2026-11-02T10:00:00.000Z', value: 'Unbound*', acceptedFrom: null },
    { version: 2, status: 'REVISED_OFFER', at: '2026-11-30T10:00:00.000Z', value: 'None', acceptedFrom: source },
  ],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubAntdBrowserApis();
  localStorage.setItem('access_token', 'a');
  localStorage.setItem('refresh_token', 'r');
  localStorage.setItem('access_exp', String(Date.now() + 60_000));
  fetchMock = vi.fn(async (url: string) => {
    const payload = url.endsWith('/countries')
      ? [senegal]
      : url.endsWith('/offers/o1/accepted-entries')
        ? { entries, count: entries.length }
        : url.includes('/history')
          ? history
          : null;
    return new Response(JSON.stringify({ payload }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await applyLanguage('en');
});

function renderEditorPart() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AntApp>
        <AcceptedEntriesProvider offerId="o1" ownerName="Kenya">
          <AcceptedBanner />
          <SectorCommitmentsStep sector={blankSector('s1')} update={() => undefined} />
        </AcceptedEntriesProvider>
      </AntApp>
    </QueryClientProvider>,
  );
}
const modeEntry = (block: string, mode: string) => screen.getByRole('group', { name: `${block}: ${mode}` });
const requested = () => fetchMock.mock.calls.map(([url]) => String(url));

describe('values accepted from counter offers, in the offer editor', { timeout: 20_000 }, () => {
  it('counts them above the editor and marks each sector entry with the country and the day of the counter offer', async () => {
    renderEditorPart();
    const banner = await screen.findByText('3 changes accepted, not yet submitted');
    const alert = banner.closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('Sectors: 2')).toBeTruthy();
    expect(within(alert).getByText('Horizontal commitments: 1')).toBeTruthy();
    expect(within(alert).queryByText(/MFN exemptions/)).toBeNull();

    const mode1 = modeEntry('Limitations on market access', '1) Cross-border supply');
    await waitFor(() => expect(mode1.textContent).toContain("Accepted from Senegal's counter offer of 28 Nov 2026"));
    const additional = screen.getByRole('region', { name: 'Additional commitments' });
    expect(additional.textContent).toContain("Accepted from Senegal's counter offer of 28 Nov 2026");
    // Only the entries accepted are marked; every entry has its history.
    expect(modeEntry('Limitations on national treatment', '1) Cross-border supply').textContent).not.toContain(
      'Accepted from',
    );
    expect(modeEntry('Limitations on market access', '2) Consumption abroad').textContent).not.toContain('Accepted');
    expect(screen.getAllByRole('button', { name: /^History: / })).toHaveLength(2 * (4 + 1) + 2);
  });

  it('opens an entry history on demand, each version with who wrote or accepted its value', async () => {
    renderEditorPart();
    const mode1 = modeEntry('Limitations on market access', '1) Cross-border supply');
    await screen.findByText('3 changes accepted, not yet submitted');
    expect(requested().some((u) => u.includes('/history'))).toBe(false);

    fireEvent.click(
      within(mode1).getByRole('button', { name: 'History: Limitations on market access: 1) Cross-border supply' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'History: Limitations on market access: 1) Cross-border supply',
    });
    const steps = await within(dialog).findAllByRole('listitem');
    expect(requested()).toContain('/api/offers/o1/entries/s.s1.MA.crossBorder/history');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Version 1 — Unbound* (written by Kenya)Initial offer · 2 Nov 2026',
      "Version 2 — None, accepted from Senegal's counter offer (decided by Jane Doe on 29 Nov 2026)Revised offer · 30 Nov 2026",
    ]);
  });

  it('reads in Arabic with its plural forms and the country named in Arabic', async () => {
    await applyLanguage('ar');
    renderEditorPart();
    expect(await screen.findByText('3 تغييرات مقبولة لم تُقدَّم بعد')).toBeTruthy();
    const mark = await screen.findAllByText((_, el) => el?.className === 'accepted-mark');
    await waitFor(() => expect(mark[0]?.textContent).toContain('مقبول من العرض المضاد المقدَّم من السنغال'));
    // The country and the date each sit in their own isolate.
    expect(mark[0]?.querySelectorAll('bdi[dir="auto"]')).toHaveLength(2);
  });

  it('says the count in the plural form of each language', () => {
    const banner = (lng: string, count: number) => i18n.getFixedT(lng)('responses.provenance.banner', { count });
    expect(banner('en', 1)).toBe('1 change accepted, not yet submitted');
    expect(banner('fr', 1)).toBe('1 modification acceptée, pas encore soumise');
    expect(banner('fr', 4)).toBe('4 modifications acceptées, pas encore soumises');
    expect([1, 2, 3, 11, 100].map((n) => banner('ar', n))).toEqual([
      'تغيير واحد مقبول لم يُقدَّم بعد',
      'تغييران مقبولان لم يُقدَّما بعد',
      '3 تغييرات مقبولة لم تُقدَّم بعد',
      '11 تغييرًا مقبولًا لم يُقدَّم بعد',
      '100 تغيير مقبول لم يُقدَّم بعد',
    ]);
  });
});
