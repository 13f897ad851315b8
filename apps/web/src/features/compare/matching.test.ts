import { describe, expect, it } from 'vitest';
import { blankSector, type Sector } from '@portal/shared';
import { offersCommitting, sectorMatchKey, sectorTabs } from './matching';

const sector = (id: string, services: { value: string; key?: string; title?: string }[]): Sector => ({
  ...blankSector(id),
  services: services.map((s) => ({ title: s.title ?? `Service ${s.value}`, value: s.value, key: s.key ?? s.value })),
});

describe('compare: lining up sectors across countries', () => {
  it('matches a sector by its first service value, else its key; none without a service', () => {
    expect(sectorMatchKey(sector('a', [{ value: '861', key: 'k1' }, { value: '862' }]))).toBe('861');
    expect(sectorMatchKey(sector('a', [{ value: '', key: 'node-7' }]))).toBe('node-7');
    expect(sectorMatchKey(sector('a', []))).toBeNull();
  });

  it("makes one tab per first service, in code order, with each offer's sectors (empty: no commitment)", () => {
    const kenya = {
      sectors: [sector('ke1', [{ value: '862' }]), sector('ke2', [{ value: '861', title: 'Legal services' }])],
    };
    const senegal = {
      sectors: [
        sector('sn1', [{ value: '861', title: 'Services juridiques' }, { value: '8611' }]),
        sector('sn2', [{ value: '10' }]),
      ],
    };
    const tabs = sectorTabs([kenya, senegal]);
    expect(tabs.map((t) => t.key)).toEqual(['10', '861', '862']);
    const legal = tabs.find((t) => t.key === '861')!;
    // Named as the first offer that has it names it.
    expect(legal.title).toBe('Legal services');
    expect(legal.byOffer.map((s) => s.map((x) => x.sectorId))).toEqual([['ke2'], ['sn1']]);
    expect(offersCommitting(legal)).toBe(2);
    const ten = tabs.find((t) => t.key === '10')!;
    expect(ten.byOffer.map((s) => s.length)).toEqual([0, 1]);
    expect(offersCommitting(ten)).toBe(1);
  });

  it('keeps two sectors of one offer with the same first service together, and skips sectors without a service', () => {
    const offer = { sectors: [sector('a', [{ value: '861' }]), sector('b', [{ value: '861' }]), sector('c', [])] };
    const tabs = sectorTabs([offer, { sectors: [] }]);
    expect(tabs).toHaveLength(1);
    expect(tabs[0].byOffer.map((s) => s.length)).toEqual([2, 0]);
  });

  it('orders codes numerically (9 before 10) and has no tab for no offers', () => {
    const tabs = sectorTabs([
      { sectors: [sector('a', [{ value: '10' }]), sector('b', [{ value: '9' }]), sector('c', [{ value: '1.A' }])] },
    ]);
    expect(tabs.map((t) => t.key)).toEqual(['1.A', '9', '10']);
    expect(sectorTabs([])).toEqual([]);
  });
});
