import { describe, expect, it } from 'vitest';
import { blankRow, counterOfferEntries, type OfferDocument } from '@portal/shared';
import { buildOfferDocument } from '../../../test/offer-factory.js';
import { acceptInto, takeOut } from './apply.js';

/** A document as stored in the database and read back: keys in another order, values equal. */
const reordered = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value, (_k, v: unknown) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    ),
  ) as T;

describe('writing an accepted entry into the draft and taking it back out', () => {
  const version = buildOfferDocument(1);
  version.geenralCommitementCon = [blankRow('mfn'), blankRow('mfn')].map((row, i) => {
    row[0]!.value = `Sector ${i}`;
    row[2]!.value = 'None';
    return row;
  });

  it('writes a table cell into the row it answers, and takes it back out of that row only', () => {
    const counter = structuredClone(version);
    counter.geenralCommitementCon[1]![3]!.value = 'Until 2030';
    const [entry] = counterOfferEntries(version, counter);
    expect(entry).toMatchObject({ part: 'MFN', block: 'intended', column: 3 });
    const done = acceptInto(structuredClone(version), version, counter, entry!)!;
    expect(done.document.geenralCommitementCon[1]![3]!.value).toBe('Until 2030');
    const back = takeOut(reordered(done.document), reordered(done.applied))!;
    expect(back.geenralCommitementCon).toEqual(version.geenralCommitementCon);
  });

  it('pads a shorter draft row instead of leaving holes, and empties rather than shifts on the way out', () => {
    const counter = structuredClone(version);
    counter.geenralCommitementCon[0]![4]!.value = 'Reciprocity';
    const [entry] = counterOfferEntries(version, counter);
    const draft: OfferDocument = structuredClone(version);
    draft.geenralCommitementCon[0] = draft.geenralCommitementCon[0]!.slice(0, 3);
    const done = acceptInto(draft, version, counter, entry!)!;
    const row = done.document.geenralCommitementCon[0]!;
    expect(row.every((cell) => cell && typeof cell.value === 'string')).toBe(true);
    expect(row[4]!.value).toBe('Reciprocity');
    const back = takeOut(done.document, done.applied)!;
    expect(back.geenralCommitementCon[0]!.map((c) => c.value)).toEqual(['Sector 0', '', 'None', '', '']);
  });

  it('leaves a value the country changed since', () => {
    const counter = structuredClone(version);
    counter.sectors[0]!.sectorCommitement.limitationsMA.crossBorder.value = 'None';
    const [entry] = counterOfferEntries(version, counter);
    const done = acceptInto(structuredClone(version), version, counter, entry!)!;
    done.document.sectors[0]!.sectorCommitement.limitationsMA.crossBorder.value = 'Unbound';
    expect(takeOut(done.document, done.applied)).toBeNull();
  });
});
