import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadClassification } from '../sectors/data.js';
import { concordanceLeaves, matchKeysOverlap, sectorMatchKeys, sectorTabs } from './compare.js';

// Test-only file access: the package itself never reads files (the server loads them and passes the text in).
const dir = new URL('../../../../data/reference/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const leaves = concordanceLeaves(
  loadClassification({
    w120: read('w120.csv'),
    cpcProv: read('cpc-prov.csv'),
    cpc21: read('cpc21.csv'),
    concordance: read('w120-cpc21.csv'),
  }),
);

const sector = (type: string, ...keys: string[]) => ({
  type,
  services: keys.map((key) => ({ key, value: key.split(':')[1] ?? key })),
});

describe('compare offers: the keys a sector is matched by', () => {
  it('takes every service of a sector, not only the first', () => {
    expect(sectorMatchKeys(sector('W_120', 'W120:1.A.a', 'W120:1.A.b'), leaves)).toEqual(['1.A.a', '1.A.b']);
  });

  it('reads a CPC Prov or CPC 2.1 service as the W/120 item of the concordance', () => {
    expect(sectorMatchKeys(sector('CPC_PROV', 'CPC_PROV:862'), leaves)).toEqual(['1.A.b']);
    expect(sectorMatchKeys(sector('CPC_2_1', 'CPC21:822'), leaves)).toEqual(['1.A.b']);
    // A finer CPC code meets the W/120 item that cites its group; the sector's type is used when the key has no scheme.
    expect(sectorMatchKeys({ type: 'CPC_PROV', services: [{ key: '8621', value: '8621' }] }, leaves)).toEqual([
      '1.A.b',
    ]);
  });

  it('reads a CPC division as every W/120 item it covers, a full subsector as the subsector', () => {
    const keys = sectorMatchKeys(sector('CPC_PROV', 'CPC_PROV:86'), leaves);
    expect(keys).toEqual(expect.arrayContaining(['1.A.a', '1.A.b', '1.A.c', '1.A.d']));
    expect(keys).not.toContain('1.A.h'); // medical services are CPC 9312, not 86
  });

  it('keeps its own key for a service no W/120 item corresponds to', () => {
    expect(sectorMatchKeys(sector('CPC_PROV', 'CPC_PROV:45100'), leaves)).toEqual(['CPC_PROV:45100']);
    expect(sectorMatchKeys(sector('W_120', ''), leaves)).toEqual([]);
  });

  it('lets codes of different depth overlap, W/120 sector 1 not meeting sector 10', () => {
    expect(matchKeysOverlap('1.A', '1.A.b')).toBe(true);
    expect(matchKeysOverlap('1.A.b', '1')).toBe(true);
    expect(matchKeysOverlap('1', '10.A')).toBe(false);
    expect(matchKeysOverlap('CPC_PROV:45100', 'CPC_PROV:45100')).toBe(true);
    expect(matchKeysOverlap('CPC_PROV:45100', '1')).toBe(false);
  });
});

describe('compare offers: the tabs', () => {
  it('shows "No commitment" only for an offer with no sector overlapping the tab', () => {
    const kenya = { sectors: ['ke-legal-accounting'], matchKeys: [['1.A.a', '1.A.b']] };
    const senegal = { sectors: ['sn-accounting'], matchKeys: [['1.A.b']] };
    const ghana = { sectors: ['gh-professional', 'gh-hotels'], matchKeys: [['1.A'], ['9.A']] };
    const tabs = sectorTabs([kenya, senegal, ghana]);
    expect(tabs.map((t) => t.key)).toEqual(['1.A', '1.A.a', '1.A.b', '9.A']);
    const by = Object.fromEntries(tabs.map((t) => [t.key, t.byOffer]));
    expect(by['1.A.b']).toEqual([['ke-legal-accounting'], ['sn-accounting'], ['gh-professional']]);
    expect(by['1.A.a']).toEqual([['ke-legal-accounting'], [], ['gh-professional']]);
    expect(by['9.A']).toEqual([[], [], ['gh-hotels']]);
    expect(sectorTabs([])).toEqual([]);
  });

  it('orders codes numerically (9 before 10)', () => {
    const tabs = sectorTabs([{ sectors: ['a', 'b', 'c'], matchKeys: [['10.A'], ['9.A'], ['1.A']] }]);
    expect(tabs.map((t) => t.key)).toEqual(['1.A', '9.A', '10.A']);
  });
});
