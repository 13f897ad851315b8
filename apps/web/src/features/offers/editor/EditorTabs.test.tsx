import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { blankSector, type Sector, type ServiceNode } from '@portal/shared';
import { i18n } from '../../../i18n';
import { replaceSector, withLimitations, patchEntry } from '../document';
import { blankOfferDocument } from '../contract';
import { EditorTabs, useSectorTabs, useTabOrder } from './EditorTabs';
import { itemAt } from '../../../test/itemAt';

/** GET /arrays as the server answers it: the W/120 tree in the asked language, a CPC tree with its W/120 groups. */
const node = (value: string, title: string, scheme: string, group?: string): ServiceNode => ({
  title,
  value,
  key: `${scheme}:${value}`,
  children: [],
  cpcCodes: [],
  provisionalCodes: [],
  level: 1,
  group,
});
const trees: Record<string, ServiceNode[]> = {
  'W120:fr': [
    node('1.A.a', 'Services juridiques', 'W120', '1'),
    node('1.A.b', "Services comptables, d'audit et de tenue de livres", 'W120', '1'),
  ],
  'W120:en': [node('1.A.a', 'Legal Services', 'W120', '1')],
  'CPC_PROV:en': [node('641', 'Hotel lodging services', 'CPC_PROV', '9')],
  'CPC21:en': [node('92', 'Education services', 'CPC21', '5')],
};

beforeEach(() => {
  localStorage.setItem('refresh_token', 'r');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://x');
      const tree = trees[`${url.searchParams.get('scheme')}:${url.searchParams.get('lang')}`] ?? [];
      return new Response(JSON.stringify({ payload: tree }), { status: 200 });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

function sectors(n: number): Sector[] {
  return Array.from({ length: n }, (_, i) => ({
    ...blankSector(`s${i}`),
    services: [{ title: `Service ${i}`, value: `1.A.${i}`, key: `k${i}` }],
  }));
}

describe('the tab list input', () => {
  it('stays the same array while typing in a sector, so the 150 tabs do not re-render', () => {
    const doc = { ...blankOfferDocument(), sectors: sectors(150) };
    const { result, rerender } = renderHook(({ s }) => useSectorTabs(s), { initialProps: { s: doc.sectors }, wrapper });
    const first = result.current;
    expect(first).toHaveLength(150);
    expect(first[3]).toMatchObject({ id: 's3', title: '1.A.3 Service 3', codes: ['1.A.3 Service 3'] });

    const sector = itemAt(doc.sectors, 70);
    const typed = replaceSector(
      doc,
      70,
      withLimitations(
        sector,
        'limitationsMA',
        patchEntry(sector.sectorCommitement.limitationsMA, 'crossBorder', { value: 'None' }),
      ),
    );
    rerender({ s: typed.sectors });
    expect(result.current).toBe(first);
  });

  it('changes when a sector gets another service, keeping the other tabs', () => {
    const doc = { ...blankOfferDocument(), sectors: sectors(3) };
    const { result, rerender } = renderHook(({ s }) => useSectorTabs(s), { initialProps: { s: doc.sectors }, wrapper });
    const first = result.current;
    const changed = replaceSector(doc, 1, {
      ...itemAt(doc.sectors, 1),
      services: [{ title: 'Courier services', value: '2.B', key: 'W120:2.B' }],
    });
    rerender({ s: changed.sectors });
    expect(result.current).not.toBe(first);
    expect(result.current[1]?.title).toBe('2.B Courier services');
    expect(result.current[0]).toBe(first[0]);
    expect(result.current[2]).toBe(first[2]);
  });

  // Split sectors read alike in their tabs, and tabs stayed English in French.
  it('names a tab by its service in the interface language and the code it holds, so split sectors differ', async () => {
    await i18n.changeLanguage('fr');
    const split: Sector[] = [
      {
        ...blankSector('legal'),
        services: [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }],
        provisional_codes: ['861'],
      },
      {
        ...blankSector('accounting'),
        services: [{ title: 'Accounting, auditing and bookeeping services', value: '1.A.b', key: 'W120:1.A.b' }],
        provisional_codes: ['862'],
      },
    ];
    const { result } = renderHook(() => useSectorTabs(split), { wrapper });
    await waitFor(() => expect(result.current[0]?.title).toBe('1.A.a Services juridiques · CPC Prov. 861'));
    expect(result.current[1]?.title).toBe("1.A.b Services comptables, d'audit et de tenue de livres · CPC Prov. 862");
    expect(result.current[1]?.codes).toEqual(["1.A.b Services comptables, d'audit …", 'CPC Prov. 862']);
  });

  // Before: CPC 641 was filed under Environmental, CPC 2.1 92 under a raw key; Next followed the
  // stored order.
  it('groups CPC sectors by their W/120 sector and orders Next by the grouped list', async () => {
    const cpc = (type: string, scheme: string, value: string): Sector => ({
      ...blankSector(value),
      type,
      services: [{ title: value, value, key: `${scheme}:${value}` }],
    });
    const list = [
      cpc('CPC_PROV', 'CPC_PROV', '641'),
      cpc('CPC_2_1', 'CPC21', '92'),
      { ...blankSector('legal'), services: [{ title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' }] },
    ];
    const { result } = renderHook(
      () => {
        const tabs = useSectorTabs(list);
        return { tabs, order: useTabOrder(tabs, false) };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.tabs.map((t) => t.group)).toEqual(['9', '5', '1']));
    expect(result.current.order).toEqual([0, 3, 2, 1, 4]);
  });
});

describe('the tab list on screen', () => {
  const at = (code: string, title: string): Sector => ({
    ...blankSector(code),
    services: [{ title, value: code, key: `W120:${code}` }],
  });
  // Entered in this order; a WTO schedule reads 1.A.a, 1.A.b, 5.A, 9.A, 11.A.b.
  const entered = [
    at('11.A.b', 'Freight transportation'),
    at('1.A.b', 'Accounting'),
    at('9.A', 'Hotels and restaurants'),
    at('5.A', 'Primary education services'),
    at('1.A.a', 'Legal Services'),
  ];

  it.each([false, true])(
    'shows the sectors in classification order (ungrouped: %s), keeping the stored order',
    (ungrouped) => {
      const { result } = renderHook(() => useSectorTabs(entered), { wrapper });
      const onOpen = vi.fn();
      render(
        <EditorTabs
          tabs={result.current}
          activeTab={0}
          ungrouped={ungrouped}
          onOpen={onOpen}
          onAddSector={() => {}}
          onUngroup={() => {}}
        />,
      );
      const nav = screen.getByRole('navigation');
      const labels = within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
        .filter((text) => /^\d/.test(text));
      expect(labels.map((l) => l.split(' ')[0])).toEqual(['1.A.a', '1.A.b', '5.A', '9.A', '11.A.b']);
      // The first tab on screen still opens the sector where it is stored (the fifth).
      within(nav)
        .getByText(/^1\.A\.a/)
        .closest('button')!
        .click();
      expect(onOpen).toHaveBeenCalledWith(5);
      expect(entered.map((s) => s.services[0]!.value)).toEqual(['11.A.b', '1.A.b', '9.A', '5.A', '1.A.a']);
    },
  );
});
