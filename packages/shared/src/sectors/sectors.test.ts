import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseProvisionalCodes } from './codes.js';
import { loadClassification } from './data.js';
import { filterServiceTree } from './filter.js';
import { sectorGroupPrefix, sectorGroups } from './groups.js';
import { buildServiceTree, findNode, walkTree } from './tree.js';
import { parseSectorLanguage, parseSectorScheme, SECTOR_SCHEMES } from './types.js';

// Test-only file access: the package itself never reads files (the server loads them and passes the text in).
const dir = new URL('../../../../data/reference/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, dir), 'utf8');
const data = loadClassification({
  w120: read('w120.csv'),
  cpcProv: read('cpc-prov.csv'),
  cpc21: read('cpc21.csv'),
  concordance: read('w120-cpc21.csv'),
});
const w120 = buildServiceTree(data, 'W120', 'en');
const node = (code: string) => {
  const n = findNode(w120, code);
  if (!n) throw new Error(`no node ${code}`);
  return n;
};

describe('W/120 data', () => {
  it('has 12 sectors, 55 subsectors, 116 items and the 6 dash items of 7.B.f', () => {
    const count = (level: number) => data.w120.filter((r) => r.level === level).length;
    expect([count(1), count(2), count(3), count(4)]).toEqual([12, 55, 116, 6]);
    expect(w120.map((n) => n.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });

  it('holds the known rows', () => {
    expect(node('1.A.a')).toMatchObject({ title: 'Legal Services', provisionalCodes: ['861'] });
    expect(node('1.A.d')).toMatchObject({ title: 'Architectural services', provisionalCodes: ['8671'] });
    expect(node('1.A.j').title).toBe(
      'Services provided by midwives, nurses, physiotherapists and para-medical personnel',
    );
    expect(node('1.A.j').provisionalCodes).toEqual(['93191']);
    expect(node('1.B.e')).toMatchObject({ title: 'Other', provisionalCodes: ['845', '849'] });
    expect(node('1.C.a')).toMatchObject({ title: 'R&D services on natural sciences', provisionalCodes: ['851'] });
    expect(node('1.E.d')).toMatchObject({
      title: 'Relating to other machinery and equipment',
      provisionalCodes: ['83106-83109'],
    });
    expect(node('1.E').title).toBe('Rental/Leasing Services without Operators');
  });

  it('has the banking items 7.B.a–l with the dash items under 7.B.f', () => {
    expect(node('7.B').children.map((c) => c.value)).toEqual('abcdefghijkl'.split('').map((l) => `7.B.${l}`));
    expect(node('7.B.a')).toMatchObject({
      title: 'Acceptance of deposits and other repayable funds from the public',
      provisionalCodes: ['81115-81119'],
    });
    expect(node('7.B.f').children).toHaveLength(6);
    expect(node('7.B.f.2')).toMatchObject({ title: 'foreign exchange', provisionalCodes: ['81333'] });
    expect(node('7.B.j').provisionalCodes).toEqual(['81339**', '81319**']);
  });

  it('has the transport subsectors A–I', () => {
    expect(node('11').children.map((c) => c.value)).toEqual('ABCDEFGHI'.split('').map((l) => `11.${l}`));
    expect(node('11.D')).toMatchObject({ title: 'Space Transport', provisionalCodes: ['733'] });
  });

  it('parses every provisional code, and every parsed code is a node of the CPC Prov tree', () => {
    const prov = new Set([...walkTree(buildServiceTree(data, 'CPC_PROV', 'en'))].map((n) => n.value));
    for (const row of data.w120) {
      const parsed = parseProvisionalCodes(row.cpc_prov);
      for (const code of [...parsed.codes, ...parsed.excluded])
        expect(prov.has(code), `${row.code} ${code}`).toBe(true);
    }
  });

  it('gives every W/120 item a CPC 2.1 mapping or a note saying why not', () => {
    const leaves = [...walkTree(w120)].filter((n) => n.children.length === 0);
    expect(leaves).toHaveLength(160);
    for (const leaf of leaves) {
      const c = data.concordance.get(leaf.value);
      expect(c, leaf.value).toBeDefined();
      expect(c!.cpc21.length > 0 || c!.note.length > 10, leaf.value).toBe(true);
    }
    expect(node('1.A.a').cpcCodes).toEqual(['821']);
    expect(node('1.A.k').cpcCodes).toEqual([]);
  });

  it('has French and Arabic titles for every row', () => {
    for (const r of data.w120) expect(r.title_fr, r.code).not.toBe('');
    for (const r of data.w120) expect(r.title_ar, r.code).toMatch(/[\u0600-\u06FF]/);
    const fr = buildServiceTree(data, 'W120', 'fr');
    expect(findNode(fr, '1')!.title).toBe('SERVICES FOURNIS AUX ENTREPRISES');
    expect(findNode(fr, '1.A.a')!.title).toBe('Services juridiques');
    const ar = buildServiceTree(data, 'W120', 'ar');
    expect(findNode(ar, '11')!.title).toBe('خدمات النقل');
    expect(findNode(ar, '1.A.a')!.title).toBe('الخدمات القانونية');
  });

  it('gives every node a unique key across the three schemes', () => {
    const keys = SECTOR_SCHEMES.flatMap((s) => [...walkTree(buildServiceTree(data, s, 'en'))].map((n) => n.key));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('refuses data that does not agree', () => {
    const texts = {
      w120: read('w120.csv'),
      cpcProv: read('cpc-prov.csv'),
      cpc21: read('cpc21.csv'),
      concordance: read('w120-cpc21.csv'),
    };
    expect(() => loadClassification({ ...texts, concordance: `${texts.concordance}1.A.a,9999,exact,\n` })).toThrow(
      /unknown CPC 2.1 code 9999/,
    );
    expect(() => loadClassification({ ...texts, w120: texts.w120.replace(',861,', ',86x1,') })).toThrow(/86x1/);
  });

  it('refuses a file that lacks a column, naming the file and the column', () => {
    const texts = {
      w120: read('w120.csv'),
      cpcProv: read('cpc-prov.csv'),
      cpc21: read('cpc21.csv'),
      concordance: read('w120-cpc21.csv'),
    };
    const renamed = (text: string, from: string, to: string) => text.replace(/^.*$/m, (h) => h.replace(from, to));
    expect(() => loadClassification({ ...texts, cpc21: renamed(texts.cpc21, 'source', 'origin') })).toThrow(
      /cpc21: no column source/,
    );
    expect(() => loadClassification({ ...texts, w120: renamed(texts.w120, 'cpc_prov', 'cpc') })).toThrow(
      /w120: no column cpc_prov/,
    );
    // The translated titles may be missing: they read as empty.
    const englishOnly = renamed(renamed(texts.w120, 'title_fr', 'x_fr'), 'title_ar', 'x_ar');
    expect(loadClassification({ ...texts, w120: englishOnly }).w120[0]).toMatchObject({ title_fr: '', title_ar: '' });
  });
});

describe('CPC trees', () => {
  it('builds CPC Prov by code with the W/120 cross-references', () => {
    const prov = buildServiceTree(data, 'CPC_PROV', 'en');
    expect(prov.map((n) => n.value)).toEqual(['5', '6', '7', '8', '9']);
    const n8671 = findNode(prov, '8671')!;
    expect(n8671).toMatchObject({
      title: 'Architectural services',
      key: 'CPC_PROV:8671',
      provisionalCodes: ['8671'],
      cpcCodes: ['8321'],
    });
    expect(findNode(prov, '867')!.children.map((c) => c.value)).toContain('8671');
  });
  it('builds CPC 2.1 down to the classes the W/120 items map to', () => {
    const cpc = buildServiceTree(data, 'CPC21', 'en');
    expect(cpc.map((n) => n.value)).toEqual(['5', '6', '7', '8', '9']);
    expect(findNode(cpc, '821')).toMatchObject({ title: 'Legal services', provisionalCodes: ['861'] });
    for (const c of data.concordance.values())
      for (const code of c.cpc21) expect(findNode(cpc, code), code).toBeDefined();
  });
});

describe('sector groups', () => {
  it('are derived from the data: 1 Business … 11 Transport, and 12', () => {
    expect(sectorGroups(data.w120).map((g) => `${g.prefix} ${g.label}`)).toEqual([
      '1 Business',
      '2 Communication',
      '3 Construction',
      '4 Distribution',
      '5 Educational',
      '6 Environmental',
      '7 Financial',
      '8 Health',
      '9 Tourism',
      '10 Recreational',
      '11 Transport',
      '12 Other',
    ]);
    expect(sectorGroups(data.w120)[7]?.titles.en).toBe(
      'Health related and social services (other than those listed under 1.A.h-j.)',
    );
    expect(sectorGroupPrefix('11.F.d')).toBe('11');
    expect(sectorGroupPrefix('x')).toBeNull();
  });
});

describe('filterServiceTree', () => {
  const values = (nodes: ReturnType<typeof filterServiceTree>) => [...walkTree(nodes)].map((n) => n.value);
  it('finds by words, case and accent insensitive, with the ancestors', () => {
    const hits = filterServiceTree(w120, 'LEGAL services');
    expect(values(hits)).toEqual(['1', '1.A', '1.A.a']);
    const fr = filterServiceTree(buildServiceTree(data, 'W120', 'fr'), 'reassurance');
    expect(values(fr)).toEqual(['7', '7.A', '7.A.c']);
  });
  it('finds by code: W/120 code, provisional code inside a range, CPC 2.1 code', () => {
    expect(values(filterServiceTree(w120, '1.E.d'))).toEqual(['1', '1.E', '1.E.d']);
    expect(values(filterServiceTree(w120, '83107'))).toEqual(['1', '1.E', '1.E.d']);
    expect(values(filterServiceTree(w120, '8321'))).toContain('1.A.d');
  });
  it('treats metacharacters as plain text', () => {
    expect(filterServiceTree(w120, '.*')).toEqual([]);
    expect(filterServiceTree(w120, "' OR 1=1 --")).toEqual([]);
    expect(values(filterServiceTree(w120, 'R&D'))).toContain('1.C.a');
  });
});

describe('query parsing', () => {
  it('accepts the scheme spellings and refuses others', () => {
    expect(parseSectorScheme(undefined)).toBe('W120');
    expect(parseSectorScheme('W_120')).toBe('W120');
    expect(parseSectorScheme('cpc')).toBe('CPC_PROV');
    expect(parseSectorScheme('CPC_2_1')).toBe('CPC21');
    expect(parseSectorScheme('ISIC')).toBeNull();
    expect(parseSectorLanguage('fr')).toBe('fr');
    expect(parseSectorLanguage('ar-EG')).toBe('ar');
    expect(parseSectorLanguage('de')).toBeNull();
  });
});
