import { describe, expect, it } from 'vitest';
import * as shared from '@portal/shared';
import * as local from './contract';

describe('the zod-free mirror of the offers contract', () => {
  it('has the same constants as @portal/shared', () => {
    expect(local.MODES_OF_SUPPLY).toEqual(shared.MODES_OF_SUPPLY);
    expect(local.MFN_COLUMNS).toEqual(shared.MFN_COLUMNS);
    expect(local.HORIZONTAL_ROW_CELLS).toBe(shared.HORIZONTAL_ROW_CELLS);
    expect(local.MFN_ROW_CELLS).toBe(shared.MFN_ROW_CELLS);
    expect(local.DEFAULT_COMMITMENT_VALUE).toBe(shared.DEFAULT_COMMITMENT_VALUE);
    expect(local.DEFAULT_SECTOR_TYPE).toBe(shared.DEFAULT_SECTOR_TYPE);
  });

  it('builds the same blank templates, which the shared schemas accept', () => {
    expect(local.blankOfferDocument()).toEqual(shared.blankOfferDocument());
    expect(local.blankSector('s1')).toEqual(shared.blankSector('s1'));
    expect(local.blankRow('horizontal')).toEqual(shared.blankRow('horizontal'));
    expect(local.blankRow('mfn')).toEqual(shared.blankRow('mfn'));
    expect(shared.sectorSchema.parse(local.blankSector('s1'))).toEqual(local.blankSector('s1'));
    const doc = { ...local.blankOfferDocument(), geenralCommitement: [local.blankRow('horizontal')], geenralCommitementCon: [local.blankRow('mfn')], sectors: [local.blankSector('a')] };
    expect(shared.offerDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
