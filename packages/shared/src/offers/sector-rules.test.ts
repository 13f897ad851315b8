import { describe, expect, it } from 'vitest';
import { offerDocumentSchema } from './schema.js';
import { findDuplicateSector, sectorCpcText } from './sector-rules.js';
import { blankOfferDocument, blankSector } from './template.js';

const w120 = (id: string, codes: string[], chosen: string[] = []) => ({
  ...blankSector(id),
  services: codes.map((c) => ({ title: c, value: c, key: `W120:${c}` })),
  provisional_codes: chosen,
});

describe('a sector repeated in one offer', () => {
  it('is found by its services and chosen codes, in any order, naming the sector', () => {
    expect(findDuplicateSector([w120('a', ['1.A.a']), w120('b', ['2.B']), w120('c', ['1.A.a'])])).toEqual({
      index: 2,
      first: 0,
      code: '1.A.a',
    });
    expect(
      findDuplicateSector([
        w120('a', ['1.A.b', '1.A.a'], ['862', '861']),
        w120('b', ['1.A.a', '1.A.b'], ['861', '862']),
      ]),
    ).toEqual({ index: 1, first: 0, code: '1.A.a, 1.A.b (CPC Prov. 861, 862)' });
  });

  it('is not found for other codes chosen (the parts of a split), other services or sectors still to choose', () => {
    expect(findDuplicateSector([w120('a', ['1.A.a'], ['861']), w120('b', ['1.A.a'])])).toBeNull();
    expect(findDuplicateSector([w120('a', ['1.A.a']), w120('b', ['1.A.a', '1.A.b'])])).toBeNull();
    expect(findDuplicateSector([blankSector('a'), blankSector('b')])).toBeNull();
  });

  it('is refused by the input schema with the refusal code SECTOR_DUPLICATE', () => {
    const doc = { ...blankOfferDocument(), sectors: [w120('a', ['9.A']), w120('b', ['9.A'])] };
    const result = offerDocumentSchema.safeParse(doc);
    expect(result.success).toBe(false);
    const issue = result.error!.issues[0]!;
    expect(issue.path).toEqual(['sectors', 1, 'services']);
    expect(issue.message).toMatch(/\(9\.A\)$/);
    expect((issue as { params?: { refusal?: string } }).params?.refusal).toBe('SECTOR_DUPLICATE');
  });
});

describe('CPC codes said as they are', () => {
  it('labels provisional CPC and CPC 2.1 codes distinctly, at most `max` of each', () => {
    expect(sectorCpcText({ provisional_codes: ['641'], cpc_codes: [] })).toBe('CPC Prov. 641');
    expect(sectorCpcText({ provisional_codes: [], cpc_codes: ['641'] })).toBe('CPC 2.1 641');
    expect(sectorCpcText({ provisional_codes: ['861', '862', '863', '864'], cpc_codes: ['821'] }, 3)).toBe(
      'CPC Prov. 861, 862, 863, …; CPC 2.1 821',
    );
    expect(sectorCpcText({ provisional_codes: [], cpc_codes: [] })).toBe('');
  });
});
