import { describe, expect, it } from 'vitest';
import * as shared from '@portal/shared';
import * as local from './contract';

describe('the zod-free offers contract the browser uses', () => {
  it('is the one of @portal/shared', () => {
    expect(local.MODES_OF_SUPPLY).toEqual(shared.MODES_OF_SUPPLY);
    expect(local.MFN_COLUMNS).toEqual(shared.MFN_COLUMNS);
    expect(local.DEFAULT_COMMITMENT_VALUE).toBe(shared.DEFAULT_COMMITMENT_VALUE);
    expect(local.DEFAULT_SECTOR_TYPE).toBe(shared.DEFAULT_SECTOR_TYPE);
    expect(local.blankOfferDocument()).toEqual(shared.blankOfferDocument());
  });

  it('builds blank templates the shared schemas accept', () => {
    expect(shared.sectorSchema.parse(local.blankSector('s1'))).toEqual(local.blankSector('s1'));
    const doc = {
      ...local.blankOfferDocument(),
      geenralCommitement: [local.blankRow('horizontal')],
      geenralCommitementCon: [local.blankRow('mfn')],
      sectors: [local.blankSector('a')],
    };
    expect(shared.offerDocumentSchema.safeParse(doc).success).toBe(true);
  });
});
