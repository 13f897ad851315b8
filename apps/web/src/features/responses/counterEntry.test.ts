import { describe, expect, it } from 'vitest';
import type { Sector } from '@portal/shared';
import { blankSector } from '../offers/contract';
import {
  countChanges,
  editEntry,
  editSectorEntry,
  entryState,
  resetSectorEntry,
  startCounterOffer,
} from './counterEntry';
import { itemAt } from '../../test/itemAt';

const sector = (): Sector => ({
  ...blankSector('s1'),
  services: [{ title: 'Legal services', value: '861', key: '861' }],
});

describe('counter-offer entry', () => {
  const original = sector().sectorCommitement.limitationsMA.crossBorder;

  it('editing a value marks the entry changed and edited', () => {
    const next = editEntry(original, { ...original, value: 'None' }, original);
    expect(next).toMatchObject({ value: 'None', hasChanged: true, edited: true, resolved: false });
    expect(entryState(next)).toBe('edited');
  });

  it('ticking GATS+ is an edit of the value', () => {
    expect(editEntry(original, { ...original, isChecked: true }, original)).toMatchObject({
      hasChanged: true,
      edited: true,
    });
  });

  it('editing the third-level value (the note) sets resolved, not edited', () => {
    const noted = editEntry(original, { ...original, hasComment: true }, original);
    // Switching the note on without text says nothing yet.
    expect(entryState(noted)).toBe('unchanged');
    const next = editEntry(noted, { ...noted, comment: 'Agreed with the Kenyan delegation' }, original);
    expect(next).toMatchObject({ resolved: true, edited: false, hasChanged: true });
    expect(entryState(next)).toBe('resolved');
  });

  it('writing a note on an edited entry resolves it', () => {
    const edited = editEntry(original, { ...original, value: 'None' }, original);
    const next = editEntry(edited, { ...edited, hasComment: true, comment: 'ok' }, original);
    expect(next).toMatchObject({ value: 'None', resolved: true, edited: false });
  });

  it('bringing the value back to the original clears every flag', () => {
    const edited = editEntry(original, { ...original, value: 'None' }, original);
    const back = editEntry(edited, { ...edited, value: original.value }, original);
    expect(back).toMatchObject({ hasChanged: false, edited: false, resolved: false });
  });

  it('an edit that changes nothing keeps the same object', () => {
    expect(editEntry(original, { ...original }, original)).toBe(original);
  });
});

describe('counter-offer sector', () => {
  it('editing an entry marks the sector changed; reset restores the original and the sector', () => {
    const original = sector();
    const edited = editSectorEntry(original, original, 'limitationsOnNationalTreatment', 'commercialPresence', (e) => ({
      ...e,
      value: 'Foreign equity limited to 49%',
    }));
    expect(edited.changed).toBe(true);
    expect(edited.sectorCommitement.limitationsOnNationalTreatment.commercialPresence).toMatchObject({
      edited: true,
      hasChanged: true,
    });
    // Untouched parts keep their identity.
    expect(edited.sectorCommitement.limitationsMA).toBe(original.sectorCommitement.limitationsMA);
    const reset = resetSectorEntry(edited, original, 'limitationsOnNationalTreatment', 'commercialPresence');
    expect(reset.changed).toBe(false);
    expect(reset.sectorCommitement.limitationsOnNationalTreatment.commercialPresence).toEqual(
      original.sectorCommitement.limitationsOnNationalTreatment.commercialPresence,
    );
  });

  it('a note on an entry (third level) marks the sector changed', () => {
    const original = sector();
    const s = editSectorEntry(original, original, 'limitationsMA', 'crossBorder', (e) => ({
      ...e,
      hasComment: true,
      comment: 'Resolved in the room',
    }));
    expect(s.changed).toBe(true);
    expect(s.sectorCommitement.limitationsMA.crossBorder).toMatchObject({ resolved: true, edited: false });
  });

  it('a counter offer starts from the offer answered without the flags of earlier rounds, and counts its changes', () => {
    const s = sector();
    s.changed = true;
    s.sectorCommitement.limitationsMA.crossBorder = {
      ...s.sectorCommitement.limitationsMA.crossBorder,
      edited: true,
      hasChanged: true,
      resolved: true,
    };
    const doc = startCounterOffer({
      name: 'x',
      description: '',
      comment: '',
      geenralCommitement: [],
      nameCon: '',
      descriptionCon: '',
      commentCon: '',
      geenralCommitementCon: [],
      previewStatus: false,
      countries: [],
      regions: [],
      sectors: [s],
    });
    const started = itemAt(doc.sectors, 0);
    expect(started.changed).toBe(false);
    expect(started.sectorCommitement.limitationsMA.crossBorder).toMatchObject({
      edited: false,
      hasChanged: false,
      resolved: false,
    });
    expect(countChanges(doc)).toBe(0);
    const edited = editSectorEntry(started, started, 'limitationsMA', 'presenceOfNaturalPersons', (e) => ({
      ...e,
      value: 'None',
    }));
    expect(countChanges({ ...doc, sectors: [edited] })).toBe(1);
  });
});
