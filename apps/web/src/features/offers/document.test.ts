import { describe, expect, it } from 'vitest';
import { blankOfferDocument, blankSector, type OfferDocument } from '@portal/shared';
import {
  addSector,
  choiceOf,
  patchEntry,
  removeSector,
  replaceSector,
  sameDocument,
  sectorTitle,
  updateSectorAt,
  valueForChoice,
  withLimitations,
} from './document';
import { itemAt } from '../../test/itemAt';

function docWith(n: number): OfferDocument {
  const doc = blankOfferDocument();
  for (let i = 0; i < n; i++) doc.sectors.push(blankSector(`s${i}`));
  return doc;
}

describe('offer document updates', () => {
  it('replacing one sector keeps every other sector, and the tables, by reference', () => {
    const doc = docWith(150);
    const before = itemAt(doc.sectors, 7);
    const sector = withLimitations(
      before,
      'limitationsMA',
      patchEntry(before.sectorCommitement.limitationsMA, 'crossBorder', { value: 'None' }),
    );
    const next = replaceSector(doc, 7, sector);
    expect(next).not.toBe(doc);
    const after = itemAt(next.sectors, 7);
    expect(after.sectorCommitement.limitationsMA.crossBorder.value).toBe('None');
    expect(before.sectorCommitement.limitationsMA.crossBorder.value).toBe('Unbound*');
    expect(next.sectors.filter((s, i) => s === doc.sectors[i])).toHaveLength(149);
    expect(after.sectorCommitement.limitationsOnNationalTreatment).toBe(
      before.sectorCommitement.limitationsOnNationalTreatment,
    );
    expect(next.geenralCommitement).toBe(doc.geenralCommitement);
  });

  it('replacing a sector by itself changes nothing', () => {
    const doc = docWith(2);
    expect(replaceSector(doc, 1, itemAt(doc.sectors, 1))).toBe(doc);
  });

  it('updates the sector at an index, and leaves the document as it is without one there', () => {
    const doc = docWith(2);
    const next = updateSectorAt(doc, 1, (s) => ({ ...s, type: 'Changed' }));
    expect(itemAt(next.sectors, 1).type).toBe('Changed');
    expect(next.sectors[0]).toBe(doc.sectors[0]);
    expect(updateSectorAt(doc, null, (s) => ({ ...s, type: 'Changed' }))).toBe(doc);
    expect(updateSectorAt(doc, 5, (s) => ({ ...s, type: 'Changed' }))).toBe(doc);
  });

  it('adds a blank sector at the end, with the default commitment Unbound*, and removes one', () => {
    const doc = addSector(docWith(2), 'new');
    expect(doc.sectors.map((s) => s.sectorId)).toEqual(['s0', 's1', 'new']);
    const added = itemAt(doc.sectors, 2);
    expect(added.services).toEqual([]);
    expect(added.type).toBe('W_120');
    expect(added.sectorCommitement.limitationsOnNationalTreatment.presenceOfNaturalPersons.value).toBe('Unbound*');
    expect(removeSector(doc, 0).sectors.map((s) => s.sectorId)).toEqual(['s1', 'new']);
  });

  it('compares documents whatever the key order', () => {
    const a = docWith(1);
    const b = JSON.parse(JSON.stringify({ ...a, sectors: a.sectors, name: a.name })) as OfferDocument;
    const reordered = Object.fromEntries(Object.entries(b).reverse()) as OfferDocument;
    expect(sameDocument(a, reordered)).toBe(true);
    expect(sameDocument(a, { ...a, name: 'x' })).toBe(false);
  });

  it('maps commitment values to the select: fixed values, else Other', () => {
    expect(choiceOf('Unbound*')).toBe('Unbound*');
    expect(choiceOf('')).toBe('');
    expect(choiceOf('None')).toBe('None');
    expect(choiceOf('Only through a joint venture')).toBe('OTHER');
    expect(choiceOf('', true)).toBe('OTHER');
    expect(valueForChoice('OTHER', 'None')).toBe('');
    expect(valueForChoice('OTHER', 'Written limitation')).toBe('Written limitation');
    expect(valueForChoice('Unbound', 'Written limitation')).toBe('Unbound');
  });

  it('names a sector tab by its first service', () => {
    expect(sectorTitle({ services: [] })).toBeNull();
    expect(
      sectorTitle({
        services: [
          { title: 'Legal services', value: '1.A.a', key: 'W120:1.A.a' },
          { title: 'x', value: 'y', key: 'z' },
        ],
      }),
    ).toBe('1.A.a Legal services');
  });
});
