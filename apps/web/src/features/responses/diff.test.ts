import { describe, expect, it } from 'vitest';
import type { OfferDocument, Sector } from '@portal/shared';
import { blankSector } from '../offers/contract';
import { diffDocuments, entryKey } from './diff';

const sector = (id: string): Sector => ({
  ...blankSector(id),
  services: [{ title: `Service ${id}`, value: id, key: id }],
});
const doc = (sectors: Sector[]): OfferDocument => ({
  name: 'Kenya',
  description: '<p>x</p>',
  comment: '',
  geenralCommitement: [],
  nameCon: '',
  descriptionCon: '',
  commentCon: '',
  geenralCommitementCon: [],
  previewStatus: false,
  countries: [],
  regions: [],
  sectors,
});

function withValue(s: Sector, value: string, flags = {}): Sector {
  return {
    ...s,
    sectorCommitement: {
      ...s.sectorCommitement,
      limitationsMA: {
        ...s.sectorCommitement.limitationsMA,
        crossBorder: { ...s.sectorCommitement.limitationsMA.crossBorder, value, ...flags },
      },
    },
  };
}

describe('comparison diff', () => {
  it('finds a changed value even when the counter offer carries no flag', () => {
    const a = sector('861');
    const d = diffDocuments(doc([a, sector('862')]), doc([withValue(a, 'None'), sector('862')]));
    expect([...d.sectors.get('861')!.entries]).toEqual([entryKey('limitationsMA', 'crossBorder')]);
    expect(d.sectors.get('861')!.changed).toBe(true);
    expect(d.sectors.get('862')!.changed).toBe(false);
    expect(d.changedEntries).toBe(1);
  });

  it('ignores flags without a change of content (a value edited then set back)', () => {
    const a = sector('861');
    const d = diffDocuments(
      doc([a]),
      doc([withValue(a, a.sectorCommitement.limitationsMA.crossBorder.value, { edited: true, hasChanged: true })]),
    );
    expect(d.sectors.get('861')!.changed).toBe(false);
    expect(d.changedEntries).toBe(0);
  });

  it('counts a note, a block comment and the additional commitment; ignores a switched-off empty note', () => {
    const a = sector('861');
    const b = structuredClone(a);
    b.sectorCommitement.limitationsOnNationalTreatment.consumptionAbroad.hasComment = true;
    b.sectorCommitement.limitationsOnNationalTreatment.consumptionAbroad.comment = 'Only through licensed agents';
    b.sectorCommitement.limitationsMA.commercialPresence.comment = 'typed then switched off';
    b.sectorCommitement.limitationsMA.comment = 'Subject to review in 2027';
    b.sectorCommitement.additionalCommitment.commitment = 'Recognition of qualifications';
    const d = diffDocuments(doc([a]), doc([b])).sectors.get('861')!;
    expect([...d.entries]).toEqual([entryKey('limitationsOnNationalTreatment', 'consumptionAbroad')]);
    expect([...d.blockComments]).toEqual(['limitationsMA']);
    expect(d.additional).toBe(true);
  });

  it('marks sectors present on one side only, and the tables', () => {
    const original = doc([sector('861')]);
    const counter = {
      ...doc([sector('999')]),
      geenralCommitementCon: [[{ value: 'x', style: { cols: 5, weight: 'normal' as const } }]],
    };
    const d = diffDocuments(original, counter);
    expect(d.sectors.get('999')!.missing).toBe(true);
    expect(d.sectors.get('861')!.missing).toBe(true);
    expect(d.mfn).toBe(true);
    expect(d.horizontal).toBe(false);
  });
});
