import { readFileSync } from 'node:fs';
import { assert, describe, expect, it } from 'vitest';
import { loadClassification } from '../sectors/data.js';
import { buildServiceTree, serviceCodesIndex } from '../sectors/tree.js';
import { countNormalizedSectors, normalizeSectors, sectorTabLabel, sectorTooltipCodes } from './rules.js';
import { blankSector } from './template.js';
import type { Sector } from './schema.js';

// Test-only file access: the package itself never reads files.
const dir = new URL('../../../../data/reference/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const data = loadClassification({
  w120: read('w120.csv'),
  cpcProv: read('cpc-prov.csv'),
  cpc21: read('cpc21.csv'),
  concordance: read('w120-cpc21.csv'),
});
const lookup = serviceCodesIndex({
  W120: buildServiceTree(data, 'W120', 'en'),
  CPC_PROV: buildServiceTree(data, 'CPC_PROV', 'en'),
  CPC21: buildServiceTree(data, 'CPC21', 'en'),
});

const legal = { title: 'Legal Services', value: '1.A.a', key: 'W120:1.A.a' };
const accounting = { title: 'Accounting, auditing and bookeeping services', value: '1.A.b', key: 'W120:1.A.b' };
const taxation = { title: 'Taxation Services', value: '1.A.c', key: 'W120:1.A.c' };

/** A sector as the editor sends it after choosing services and ticking codes. */
function chosen(services: Sector['services'], provisional: string[], cpc: string[] = []): Sector {
  return {
    ...blankSector('s1'),
    services,
    codes: services.map((s) => s.value),
    details: ['1', '1.A'],
    codesCPC: ['861', '862', '863'],
    codesCPC2: ['821', '822', '823'],
    provisional_codes: provisional,
    cpc_codes: cpc,
  };
}

const view = (s: Sector) => ({
  services: s.services.map((x) => x.value),
  codes: s.codes,
  codesCPC: s.codesCPC,
  codesCPC2: s.codesCPC2,
  provisional_codes: s.provisional_codes,
  cpc_codes: s.cpc_codes,
});

describe('the split on save', () => {
  it('gives Legal (861) and Accounting (862) one sector each, each with its own service and codes only', () => {
    let n = 0;
    const out = normalizeSectors([chosen([legal, accounting], ['861', '862'])], () => `new-${++n}`, lookup);
    expect(out.map(view)).toEqual([
      {
        services: ['1.A.a'],
        codes: ['1.A.a'],
        codesCPC: ['861'],
        codesCPC2: ['821'],
        provisional_codes: ['861'],
        cpc_codes: [],
      },
      {
        services: ['1.A.b'],
        codes: ['1.A.b'],
        codesCPC: ['862'],
        codesCPC2: ['822'],
        provisional_codes: ['862'],
        cpc_codes: [],
      },
    ]);
    expect(out.map((s) => s.sectorId)).toEqual(['s1', 'new-1']);
    expect(out.map((s) => s.details)).toEqual([
      ['1', '1.A'],
      ['1', '1.A'],
    ]);
  });

  it('splits on CPC 2.1 codes the same way', () => {
    const out = normalizeSectors([chosen([legal, accounting], [], ['822', '821'])], () => 'x', lookup);
    expect(out.map((s) => [s.services.map((x) => x.value), s.cpc_codes])).toEqual([
      [['1.A.b'], ['822']],
      [['1.A.a'], ['821']],
    ]);
  });

  it('keeps a service none of the chosen codes belongs to in a sector of its own, so nothing chosen is lost', () => {
    const out = normalizeSectors([chosen([legal, accounting, taxation], ['861', '862'])], () => 'x', lookup);
    expect(out.map((s) => [s.services.map((x) => x.value), s.provisional_codes])).toEqual([
      [['1.A.a'], ['861']],
      [['1.A.b'], ['862']],
      [['1.A.c'], []],
    ]);
    expect(countNormalizedSectors([chosen([legal, accounting, taxation], ['861', '862'])], lookup)).toBe(3);
  });

  it('gives one service with two codes (845+849) two sectors with that service', () => {
    const other = { title: 'Other', value: '1.B.e', key: 'W120:1.B.e' };
    const out = normalizeSectors([chosen([other], ['845', '849'])], () => 'x', lookup);
    expect(out.map((s) => [s.services.map((x) => x.value), s.provisional_codes])).toEqual([
      [['1.B.e'], ['845']],
      [['1.B.e'], ['849']],
    ]);
  });

  it('meets a code chosen inside a cited range: 641 and 642 of hotels and restaurants (641-643) with 9.A', () => {
    const hotels = { title: 'Hotels and restaurants (incl. catering)', value: '9.A', key: 'W120:9.A' };
    const travel = { title: 'Travel agencies and tour operators services', value: '9.B', key: 'W120:9.B' };
    const out = normalizeSectors([chosen([hotels, travel], ['641', '642', '7471'])], () => 'x', lookup);
    expect(out.map((s) => [s.services.map((x) => x.value), s.provisional_codes])).toEqual([
      [['9.A'], ['641']],
      [['9.A'], ['642']],
      [['9.B'], ['7471']],
    ]);
  });

  it('names the split tabs apart by their code, the tooltip at most 5 codes of at most 35 characters', () => {
    const out = normalizeSectors([chosen([legal, accounting], ['861', '862'])], () => 'x', lookup);
    expect(out.map((s) => sectorTabLabel(s))).toEqual([
      '1.A.a Legal Services · CPC Prov. 861',
      '1.A.b Accounting, auditing and bookeeping services · CPC Prov. 862',
    ]);
    const [legalPart, accountingPart] = out;
    assert(legalPart && accountingPart, 'the sector splits in two');
    expect(sectorTooltipCodes(accountingPart)).toEqual(['1.A.b Accounting, auditing and book…', 'CPC Prov. 862']);
    const many = chosen([legal, accounting, taxation], ['861', '862', '863'], []);
    expect(sectorTooltipCodes(many)).toEqual([
      '1.A.a Legal Services',
      '1.A.b Accounting, auditing and book…',
      '1.A.c Taxation Services',
      'CPC Prov. 861',
      'CPC Prov. 862',
    ]);
    expect(sectorTabLabel(legalPart, (s) => (s.value === '1.A.a' ? 'Services juridiques' : s.title))).toBe(
      '1.A.a Services juridiques · CPC Prov. 861',
    );
  });
});
