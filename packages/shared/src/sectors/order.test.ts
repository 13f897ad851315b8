import { describe, expect, it } from 'vitest';
import {
  compareClassificationKeys,
  compareCpcCodes,
  compareSectors,
  compareW120Codes,
  inClassificationOrder,
  sectorOrder,
  sectorOrderKey,
} from './order.js';

const w120 = (...codes: string[]) => ({
  type: 'W_120',
  services: codes.map((c) => ({ value: c, key: `W120:${c}` })),
});
const cpc = (type: string, ...codes: string[]) => ({
  type,
  services: codes.map((c) => ({ value: c, key: `${type === 'CPC_2_1' ? 'CPC21' : 'CPC_PROV'}:${c}` })),
});

describe('compareW120Codes', () => {
  it('compares segment by segment, numbers as numbers and letters alphabetically', () => {
    const codes = [
      '11.A.b',
      '2.C.a',
      '9.A',
      '1.B',
      '1.A.b',
      '10.A',
      '1.A.a',
      '9.B',
      '5.A',
      '1',
      '1.A',
      '7.B.f.10',
      '7.B.f.2',
    ];
    expect([...codes].sort(compareW120Codes)).toEqual([
      '1',
      '1.A',
      '1.A.a',
      '1.A.b',
      '1.B',
      '2.C.a',
      '5.A',
      '7.B.f.2',
      '7.B.f.10',
      '9.A',
      '9.B',
      '10.A',
      '11.A.b',
    ]);
  });

  it('reads equal codes as equal, whatever the spaces around them', () => {
    expect(compareW120Codes(' 1.A.a', '1.A.a ')).toBe(0);
    expect(compareW120Codes('1.A.a', '1.A.a')).toBe(0);
  });
});

describe('compareCpcCodes', () => {
  it('reads digit by digit, a division before its groups', () => {
    expect(['87', '862', '8612', '86', '861', '7523**', '83106-83109'].sort(compareCpcCodes)).toEqual([
      '7523**',
      '83106-83109',
      '86',
      '861',
      '8612',
      '862',
      '87',
    ]);
  });
});

describe('sector order', () => {
  it('puts sectors entered out of order in classification order', () => {
    const sectors = [w120('11.A.b'), w120('1.A.b'), w120('9.A'), w120('5.A'), w120('1.A.a')];
    expect(inClassificationOrder(sectors).map((s) => s.services[0]!.value)).toEqual([
      '1.A.a',
      '1.A.b',
      '5.A',
      '9.A',
      '11.A.b',
    ]);
  });

  it('reads a sector of several services by its lowest code', () => {
    expect(sectorOrderKey(w120('1.A.d', '1.A.b')).w120).toBe('1.A.b');
    expect(compareSectors(w120('1.A.d', '1.A.b'), w120('1.A.c'))).toBeLessThan(0);
  });

  it('puts CPC-coded sectors after the W/120 ones, by code, then those with no service, ties in entry order', () => {
    const sectors = [
      { ...w120(), sectorId: 'empty-1' },
      { ...cpc('CPC_PROV', '862'), sectorId: 'cpc-862' },
      { ...w120('2.C.a'), sectorId: 'w-2' },
      { ...cpc('CPC_2_1', '8321'), sectorId: 'cpc-8321' },
      { ...w120(), sectorId: 'empty-2' },
      { ...w120('1.A.a'), sectorId: 'w-1-first' },
      { ...w120('1.A.a'), sectorId: 'w-1-second' },
    ];
    expect(inClassificationOrder(sectors).map((s) => s.sectorId)).toEqual([
      'w-1-first',
      'w-1-second',
      'w-2',
      'cpc-8321',
      'cpc-862',
      'empty-1',
      'empty-2',
    ]);
  });

  it('reads a CPC sector by its chosen codes when its services carry none', () => {
    const sector = { type: 'CPC_PROV', services: [], provisional_codes: ['871'], cpc_codes: [] };
    expect(sectorOrderKey(sector)).toEqual({ w120: null, cpc: '871' });
  });

  it('gives the indexes into the stored order and leaves the input as it was', () => {
    const sectors = [w120('11.A.b'), w120('1.A.b'), w120('9.A')];
    expect(sectorOrder(sectors)).toEqual([1, 2, 0]);
    expect(sectors[0]!.services[0]!.value).toBe('11.A.b');
  });
});

describe('compareClassificationKeys', () => {
  it('puts W/120 codes first in their order, then the services of no W/120 item', () => {
    expect(['CPC_PROV:9999', '11.A.b', 'CPC_PROV:871', '2.C.a', '1.A.b'].sort(compareClassificationKeys)).toEqual([
      '1.A.b',
      '2.C.a',
      '11.A.b',
      'CPC_PROV:871',
      'CPC_PROV:9999',
    ]);
  });
});
