import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { blankSector, type Sector } from '@portal/shared';
import { replaceSector, withLimitations, patchEntry } from './document';
import { blankOfferDocument } from './contract';
import { useSectorTabs } from './EditorTabs';

function sectors(n: number): Sector[] {
  return Array.from({ length: n }, (_, i) => ({
    ...blankSector(`s${i}`),
    services: [{ title: `Service ${i}`, value: `1.A.${i}`, key: `k${i}` }],
  }));
}

describe('the tab list input', () => {
  it('stays the same array while typing in a sector, so the 150 tabs do not re-render', () => {
    const doc = { ...blankOfferDocument(), sectors: sectors(150) };
    const { result, rerender } = renderHook(({ s }) => useSectorTabs(s), { initialProps: { s: doc.sectors } });
    const first = result.current;
    expect(first).toHaveLength(150);
    expect(first[3]).toMatchObject({ id: 's3', title: '1.A.3 Service 3', codes: ['1.A.3 Service 3'] });

    const typed = replaceSector(
      doc,
      70,
      withLimitations(
        doc.sectors[70],
        'limitationsMA',
        patchEntry(doc.sectors[70].sectorCommitement.limitationsMA, 'crossBorder', { value: 'None' }),
      ),
    );
    rerender({ s: typed.sectors });
    expect(result.current).toBe(first);
  });

  it('changes when a sector gets another service, keeping the other tabs', () => {
    const doc = { ...blankOfferDocument(), sectors: sectors(3) };
    const { result, rerender } = renderHook(({ s }) => useSectorTabs(s), { initialProps: { s: doc.sectors } });
    const first = result.current;
    const changed = replaceSector(doc, 1, {
      ...doc.sectors[1],
      services: [{ title: 'Courier services', value: '2.B', key: 'W120:2.B' }],
    });
    rerender({ s: changed.sectors });
    expect(result.current).not.toBe(first);
    expect(result.current[1].title).toBe('2.B Courier services');
    expect(result.current[0]).toBe(first[0]);
    expect(result.current[2]).toBe(first[2]);
  });
});
