import { beforeEach, describe, expect, it } from 'vitest';
import { blankOfferDocument } from '@portal/shared';
import { clearDraft, draftToOffer, readDraft, writeDraft } from './draft';

describe('local drafts', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one draft per offer, and clears it', () => {
    const doc = { ...blankOfferDocument(), name: 'Kenya offer' };
    expect(writeDraft({ offerId: 'o1', baseRevision: 3, savedAt: 'now', doc })).toBe(true);
    expect(readDraft('o1')?.doc.name).toBe('Kenya offer');
    expect(readDraft('o2')).toBeNull();
    clearDraft('o1');
    expect(readDraft('o1')).toBeNull();
  });

  it('offers to restore only a draft that differs from the server copy', () => {
    const server = blankOfferDocument();
    writeDraft({ offerId: 'o1', baseRevision: 1, savedAt: 'now', doc: server });
    expect(draftToOffer('o1', server)).toBeNull();
    writeDraft({ offerId: 'o1', baseRevision: 1, savedAt: 'now', doc: { ...server, description: '<p>Opening</p>' } });
    expect(draftToOffer('o1', server)?.doc.description).toBe('<p>Opening</p>');
  });

  it('ignores a corrupt entry', () => {
    localStorage.setItem('offer-draft:o1', '{not json');
    expect(readDraft('o1')).toBeNull();
  });

  it('says so when the browser refuses to store', () => {
    const full = { setItem: () => { throw new Error('QuotaExceededError'); } } as unknown as Storage;
    expect(writeDraft({ offerId: 'o1', baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() }, full)).toBe(false);
  });
});

describe('ending an editing session', () => {
  beforeEach(() => localStorage.clear());

  it('finishing clears the draft and marks the session finished until it resumes', async () => {
    const { finishDraft, isDraftFinished, resumeDraft } = await import('./draft');
    writeDraft({ offerId: 'o9', baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() });
    finishDraft('o9');
    expect(readDraft('o9')).toBeNull();
    expect(isDraftFinished('o9')).toBe(true);
    resumeDraft('o9');
    expect(isDraftFinished('o9')).toBe(false);
  });
});
