import { describe, expect, it } from 'vitest';
import { blankOfferDocument, blankSector, sectorOrderKey, type OfferDocument, type Sector } from '@portal/shared';
import {
  chooseServices,
  codeListsEnabled,
  groupOf,
  groupTabs,
  isLastTab,
  next,
  openTab,
  positionOfNewSector,
  previous,
  tabOrder,
  type PickedService,
} from './wizard';
import { itemAt } from '../../../test/itemAt';

const legal: PickedService = {
  title: 'Legal services',
  value: '1.A.a',
  key: 'W120:1.A.a',
  root: '1',
  provisionalCodes: ['861'],
  cpcCodes: ['82111', '82119'],
  path: ['1', '1.A'],
};
const accounting: PickedService = {
  title: 'Accounting',
  value: '1.A.b',
  key: 'W120:1.A.b',
  root: '1',
  provisionalCodes: ['862'],
  cpcCodes: ['82211'],
};
const courier: PickedService = { title: 'Courier services', value: '2.B', key: 'W120:2.B', root: '2' };

function withServices(sector: Sector, picked: PickedService[]): Sector {
  const r = chooseServices(sector, picked, 'W_120');
  if (!r.ok) throw new Error(r.error);
  return r.sector;
}

function doc(sectors: Sector[]): OfferDocument {
  return { ...blankOfferDocument(), sectors };
}

describe('editor wizard', () => {
  const d = doc([withServices(blankSector('a'), [legal]), blankSector('b')]);

  it('goes from the horizontal commitments to the first sector, on its commitments when it has a service', () => {
    expect(next({ tab: 0, step: 0 }, d)).toEqual({ ok: true, position: { tab: 1, step: 1 } });
  });

  it('Next from step 1 moves to the next sector tab, which opens on step 0 when it has no service', () => {
    expect(next({ tab: 1, step: 1 }, d)).toEqual({ ok: true, position: { tab: 2, step: 0 } });
  });

  it('refuses to leave step 0 with no service chosen: Select your sector', () => {
    expect(next({ tab: 2, step: 0 }, d)).toEqual({ ok: false, error: 'selectSector' });
  });

  it('the MFN exemptions are the last tab, with nothing after', () => {
    const last = { tab: 3, step: 0 } as const;
    expect(isLastTab(last, d)).toBe(true);
    expect(isLastTab({ tab: 2, step: 1 }, d)).toBe(false);
    expect(next(last, d)).toEqual({ ok: true, position: last });
  });

  it('Previous goes back a step, then a tab', () => {
    expect(previous({ tab: 1, step: 1 }, d)).toEqual({ tab: 1, step: 0 });
    expect(previous({ tab: 1, step: 0 }, d)).toEqual({ tab: 0, step: 0 });
    expect(previous({ tab: 3, step: 0 }, d)).toEqual({ tab: 2, step: 0 });
    expect(previous({ tab: 0, step: 0 }, d)).toEqual({ tab: 0, step: 0 });
  });

  it('a new sector opens on its first step; opening a tab clamps to the existing tabs', () => {
    expect(positionOfNewSector(doc([...d.sectors, blankSector('c')]))).toEqual({ tab: 3, step: 0 });
    expect(openTab(99, d)).toEqual({ tab: 3, step: 0 });
    expect(openTab(1, d)).toEqual({ tab: 1, step: 1 });
  });
});

describe('choosing the services of a sector', () => {
  it('accepts several services of one sector and offers the union of their code lists', () => {
    const s = withServices(blankSector('a'), [legal, accounting]);
    expect(s.services.map((x) => x.value)).toEqual(['1.A.a', '1.A.b']);
    expect(s.codes).toEqual(['1.A.a', '1.A.b']);
    expect(s.details).toEqual(['1', '1.A']);
    expect(s.codesCPC).toEqual(['861', '862']);
    expect(s.codesCPC2).toEqual(['82111', '82119', '82211']);
  });

  it('refuses services of two sectors at once (msg_nomoresectore)', () => {
    expect(chooseServices(blankSector('a'), [legal, courier], 'W_120')).toEqual({
      ok: false,
      error: 'moreThanOneSector',
    });
  });

  it('clears chosen codes that the new services no longer carry', () => {
    const s = { ...withServices(blankSector('a'), [legal, accounting]), provisional_codes: ['861', '862'] };
    expect(withServices(s, [legal]).provisional_codes).toEqual(['861']);
  });

  it('allows one code list at a time', () => {
    expect(codeListsEnabled({ provisional_codes: [], cpc_codes: [] })).toEqual({ provisional: true, cpc: true });
    expect(codeListsEnabled({ provisional_codes: ['861'], cpc_codes: [] })).toEqual({ provisional: true, cpc: false });
    expect(codeListsEnabled({ provisional_codes: [], cpc_codes: ['82111'] })).toEqual({
      provisional: false,
      cpc: true,
    });
  });
});

describe('sector tabs', () => {
  const sectors = [
    withServices(blankSector('a'), [courier]),
    blankSector('b'),
    withServices(blankSector('c'), [legal]),
    withServices(blankSector('d'), [accounting]),
  ];
  const tabs = sectors.map((s) => ({ group: groupOf(s), order: sectorOrderKey(s) }));

  it('groups tabs by sector group prefix, in prefix order, sectors without a service last', () => {
    expect(groupTabs(tabs, false)).toEqual([
      { prefix: '1', sectors: [2, 3] },
      { prefix: '2', sectors: [0] },
      { prefix: null, sectors: [1] },
    ]);
  });

  it('ungrouped, lists the sectors in classification order, those with no service last', () => {
    expect(groupTabs(tabs, true)).toEqual([{ prefix: null, sectors: [2, 3, 0, 1] }]);
  });

  it('lists the sectors in classification order in each group and ungrouped, whatever order they were added in', () => {
    const at = (code: string): Sector => ({
      ...blankSector(code),
      services: [{ title: code, value: code, key: `W120:${code}` }],
    });
    const entered = [at('11.A.b'), at('1.A.b'), at('9.A'), blankSector('new'), at('5.A'), at('1.A.a')];
    const listed = entered.map((s) => ({ group: groupOf(s), order: sectorOrderKey(s) }));
    expect(groupTabs(listed, false)).toEqual([
      { prefix: '1', sectors: [5, 1] },
      { prefix: '5', sectors: [4] },
      { prefix: '9', sectors: [2] },
      { prefix: '11', sectors: [0] },
      { prefix: null, sectors: [3] },
    ]);
    expect(groupTabs(listed, true)).toEqual([{ prefix: null, sectors: [5, 1, 4, 2, 0, 3] }]);
    const d = doc(entered);
    const order = tabOrder(groupTabs(listed, true));
    expect(order).toEqual([0, 6, 2, 5, 3, 1, 4, 7]);
    expect(next({ tab: 6, step: 1 }, d, order)).toEqual({ ok: true, position: { tab: 2, step: 1 } });
    expect(previous({ tab: 2, step: 0 }, d, order)).toEqual({ tab: 6, step: 1 });
  });

  // Before: CPC 641 (hotels) was filed under Environmental (its "6" read as W/120 sector 6), and CPC 2.1
  // "92" made a group of its own, shown as the raw key OFFERS.GROUPS.G92.
  it('files a CPC-coded sector under the W/120 sector its code corresponds to, else under Other services', () => {
    const cpc = (type: string, value: string): Sector => ({
      ...blankSector(value),
      type,
      services: [{ title: `CPC ${value}`, value, key: `${type === 'CPC_PROV' ? 'CPC_PROV' : 'CPC21'}:${value}` }],
      details: [value.slice(0, 1), value.slice(0, 2)],
    });
    // What the CPC trees' nodes say (GET /arrays: their `group`, from the W/120 ↔ CPC concordance).
    const trees = new Map([
      ['CPC_PROV:641', '9'],
      ['CPC21:92', '5'],
    ]);
    const lookup = (scheme: string, code: string) =>
      scheme === 'W120' ? (code.split('.')[0] ?? null) : (trees.get(`${scheme}:${code}`) ?? null);
    expect(groupOf(cpc('CPC_PROV', '641'), lookup)).toBe('9');
    expect(groupOf(cpc('CPC_2_1', '92'), lookup)).toBe('5');
    expect(groupOf(cpc('CPC_2_1', '99'), lookup)).toBe('other');
    const mixed = [cpc('CPC_2_1', '99'), cpc('CPC_PROV', '641'), itemAt(sectors, 2), cpc('CPC_2_1', '92')];
    expect(
      groupTabs(
        mixed.map((s) => ({ group: groupOf(s, lookup) })),
        false,
      ),
    ).toEqual([
      { prefix: '1', sectors: [2] },
      { prefix: '5', sectors: [3] },
      { prefix: '9', sectors: [1] },
      { prefix: 'other', sectors: [0] },
    ]);
  });

  // Before: Next followed the stored order, jumping about the grouped list on screen.
  it('Next and Previous follow the grouped list on screen, not the stored order', () => {
    const d = doc(sectors);
    const order = tabOrder(groupTabs(tabs, false));
    expect(order).toEqual([0, 3, 4, 1, 2, 5]);
    expect(next({ tab: 0, step: 0 }, d, order)).toEqual({ ok: true, position: { tab: 3, step: 1 } });
    expect(next({ tab: 3, step: 1 }, d, order)).toEqual({ ok: true, position: { tab: 4, step: 1 } });
    expect(next({ tab: 4, step: 1 }, d, order)).toEqual({ ok: true, position: { tab: 1, step: 1 } });
    expect(next({ tab: 1, step: 1 }, d, order)).toEqual({ ok: true, position: { tab: 2, step: 0 } });
    expect(previous({ tab: 1, step: 0 }, d, order)).toEqual({ tab: 4, step: 1 });
    expect(previous({ tab: 3, step: 0 }, d, order)).toEqual({ tab: 0, step: 0 });
    expect(previous({ tab: 5, step: 0 }, d, order)).toEqual({ tab: 2, step: 0 });
    expect(tabOrder(groupTabs(tabs, true))).toEqual([0, 3, 4, 1, 2, 5]);
  });
});
