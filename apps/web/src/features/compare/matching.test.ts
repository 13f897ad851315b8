import { describe, expect, it } from 'vitest';
import { blankSector, type Sector } from '@portal/shared';
import { offersCommitting, sectorTabs, type MatchedOffer } from './matching';
import { itemAt } from '../../test/itemAt';

const sector = (id: string): Sector => blankSector(id);
const titles = {
  '1.A.a': { en: 'Legal Services', fr: 'Services juridiques', ar: 'الخدمات القانونية' },
  '1.A.b': { en: 'Accounting services', fr: 'Services comptables', ar: 'خدمات المحاسبة' },
};

describe('compare: lining up sectors across countries', () => {
  // Kenya: one sector of Legal + Accounting; Senegal: Accounting chosen in the CPC list (the server read it as 1.A.b).
  const kenya: MatchedOffer = { sectors: [sector('ke1')], matchKeys: [['1.A.a', '1.A.b']], matchTitles: titles };
  const senegal: MatchedOffer = {
    sectors: [sector('sn1')],
    matchKeys: [['1.A.b']],
    matchTitles: { '1.A.b': titles['1.A.b'] },
  };

  it('puts a multi-service sector in the tab of each of its services, beside the CPC-chosen sector', () => {
    const tabs = sectorTabs([kenya, senegal]);
    expect(tabs.map((t) => t.key)).toEqual(['1.A.a', '1.A.b']);
    const [legal, accounting] = [itemAt(tabs, 0), itemAt(tabs, 1)];
    expect(accounting.byOffer.map((s) => s.map((x) => x.sectorId))).toEqual([['ke1'], ['sn1']]);
    expect(offersCommitting(accounting)).toBe(2);
    expect(legal.byOffer.map((s) => s.length)).toEqual([1, 0]);
    expect(offersCommitting(legal)).toBe(1);
  });

  it('titles a tab in the interface language, English when unknown', () => {
    expect(sectorTabs([kenya, senegal], 'fr').map((t) => [t.code, t.title])).toEqual([
      ['1.A.a', 'Services juridiques'],
      ['1.A.b', 'Services comptables'],
    ]);
    expect(sectorTabs([kenya], 'de')[0]?.title).toBe('Legal Services');
  });

  it("shows a service's own code for a key W/120 does not hold, and no tab for offers without keys", () => {
    const own: MatchedOffer = {
      sectors: [sector('x')],
      matchKeys: [['CPC_PROV:45100']],
      matchTitles: { 'CPC_PROV:45100': { en: 'Added', fr: 'Added', ar: 'Added' } },
    };
    expect(sectorTabs([own]).map((t) => t.code)).toEqual(['45100']);
    expect(sectorTabs([{ sectors: [sector('y')] }])).toEqual([]);
    expect(sectorTabs([])).toEqual([]);
  });
});
