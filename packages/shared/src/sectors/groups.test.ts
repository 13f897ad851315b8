import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadClassification } from './data.js';
import { compareSectorGroups, sectorGroupOf, w120GroupIndex, OTHER_SECTOR_GROUP } from './groups.js';
import { buildServiceTree, findNode } from './tree.js';

const dir = new URL('../../../../data/reference/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const data = loadClassification({
  w120: read('w120.csv'),
  cpcProv: read('cpc-prov.csv'),
  cpc21: read('cpc21.csv'),
  concordance: read('w120-cpc21.csv'),
});
const groupOf = w120GroupIndex(data);

describe('sector groups of CPC-coded sectors', () => {
  it('files CPC 641 (hotels) under Tourism (W/120 9), not Environmental (6)', () => {
    expect(groupOf('CPC_PROV', '641')).toBe('9');
    expect(groupOf('CPC_PROV', '6411')).toBe('9');
    expect(groupOf('CPC_PROV', '94')).toBe('6');
  });

  it('files CPC 2.1 "92" (education) under Educational services (W/120 5)', () => {
    expect(groupOf('CPC21', '92')).toBe('5');
    expect(groupOf('CPC21', '925')).toBe('5');
    expect(groupOf('CPC21', '821')).toBe('1');
  });

  it('reads a W/120 code from its prefix', () => {
    expect(groupOf('W120', '1.A.a')).toBe('1');
    expect(groupOf('W120', '11.F.b')).toBe('11');
  });

  it('gives the nodes of the CPC trees their W/120 group, which the editor groups by', () => {
    const prov = buildServiceTree(data, 'CPC_PROV', 'en');
    expect(findNode(prov, '641')?.group).toBe('9');
    const cpc21 = buildServiceTree(data, 'CPC21', 'en');
    expect(findNode(cpc21, '92')?.group).toBe('5');
    const w120 = buildServiceTree(data, 'W120', 'fr');
    expect(findNode(w120, '9.A')?.group).toBe('9');
  });

  it('groups a sector by its services, "other" when none corresponds, null without a service', () => {
    const sector = (type: string, ...values: string[]) => ({ type, services: values.map((value) => ({ value })) });
    expect(sectorGroupOf(sector('CPC_PROV', '641'), groupOf)).toBe('9');
    expect(sectorGroupOf(sector('CPC_2_1', '92'), groupOf)).toBe('5');
    expect(sectorGroupOf(sector('CPC_2_1', 'X1'), groupOf)).toBe(OTHER_SECTOR_GROUP);
    expect(sectorGroupOf(sector('W_120'), groupOf)).toBeNull();
    expect(['other', null, '10', '9', '1'].sort(compareSectorGroups)).toEqual(['1', '9', '10', 'other', null]);
  });
});
