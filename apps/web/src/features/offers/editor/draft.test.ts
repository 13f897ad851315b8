import { beforeEach, describe, expect, it } from 'vitest';
import { blankOfferDocument } from '@portal/shared';
import {
  clearAllDrafts,
  clearDraft,
  clearOtherUsersDrafts,
  draftIdFor,
  draftKey,
  draftToOffer,
  readDraft,
  writeDraft,
} from './draft';

const O1 = draftIdFor('u1', 'o1');
const O2 = draftIdFor('u1', 'o2');

/** A session as the HTTP client keeps it: drafts are written only while one exists. */
function signIn() {
  localStorage.setItem('refresh_token', 'r');
}

describe('local drafts', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('keeps one draft per offer, and clears it', () => {
    const doc = { ...blankOfferDocument(), name: 'Kenya offer' };
    expect(writeDraft({ offerId: O1, baseRevision: 3, savedAt: 'now', doc })).toBe(true);
    expect(readDraft(O1)?.doc.name).toBe('Kenya offer');
    expect(readDraft(O2)).toBeNull();
    clearDraft(O1);
    expect(readDraft(O1)).toBeNull();
  });

  it('offers to restore only a draft that differs from the server copy', () => {
    const server = blankOfferDocument();
    writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc: server });
    expect(draftToOffer(O1, server)).toBeNull();
    writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc: { ...server, description: '<p>Opening</p>' } });
    expect(draftToOffer(O1, server)?.doc.description).toBe('<p>Opening</p>');
  });

  it('ignores a corrupt entry', () => {
    localStorage.setItem(draftKey(O1), '{not json');
    expect(readDraft(O1)).toBeNull();
  });

  it('says so when the browser refuses to store', () => {
    const full = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    expect(writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() }, full)).toBe(false);
  });
});

describe('drafts belong to a user and a session', () => {
  beforeEach(() => localStorage.clear());

  it('keys the draft by user: another user is not offered it, even of the same offer', () => {
    signIn();
    const server = blankOfferDocument();
    writeDraft({
      offerId: draftIdFor('kenya-user', 'new'),
      baseRevision: 0,
      savedAt: 'now',
      doc: { ...server, name: 'Kenya offer' },
    });
    expect(localStorage.getItem('offer-draft:kenya-user:new')).not.toBeNull();
    expect(draftToOffer(draftIdFor('ghana-user', 'new'), server)).toBeNull();
    expect(draftToOffer(draftIdFor('kenya-user', 'new'), server)?.doc.name).toBe('Kenya offer');
  });

  it('writes nothing once the session has ended, nor without a user', () => {
    const doc = { ...blankOfferDocument(), name: 'Kenya offer' };
    writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc });
    expect(readDraft(O1)).toBeNull();
    signIn();
    writeDraft({ offerId: draftIdFor(undefined, 'o1'), baseRevision: 1, savedAt: 'now', doc });
    expect(localStorage.length).toBe(1); // the session only
  });

  it("deleting every draft leaves the browser's other entries", () => {
    signIn();
    writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() });
    writeDraft({ offerId: draftIdFor('u2', 'counter:o5'), baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() });
    localStorage.setItem('locale', 'fr');
    clearAllDrafts();
    expect(Object.keys(localStorage).sort()).toEqual(['locale', 'refresh_token']);
  });

  it("a user signing in deletes only the other users' drafts", () => {
    signIn();
    writeDraft({ offerId: O1, baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() });
    writeDraft({ offerId: draftIdFor('u2', 'new'), baseRevision: 0, savedAt: 'now', doc: blankOfferDocument() });
    writeDraft({ offerId: draftIdFor('u10', 'new'), baseRevision: 0, savedAt: 'now', doc: blankOfferDocument() });
    clearOtherUsersDrafts('u1');
    expect(readDraft(O1)).not.toBeNull();
    expect(readDraft(draftIdFor('u2', 'new'))).toBeNull();
    expect(readDraft(draftIdFor('u10', 'new'))).toBeNull();
    clearOtherUsersDrafts('u');
    expect(readDraft(O1)).toBeNull();
  });
});

describe('ending an editing session', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('finishing clears the draft and marks the session finished until it resumes', async () => {
    const { finishDraft, isDraftFinished, resumeDraft } = await import('./draft');
    const O9 = draftIdFor('u1', 'o9');
    writeDraft({ offerId: O9, baseRevision: 1, savedAt: 'now', doc: blankOfferDocument() });
    finishDraft(O9);
    expect(readDraft(O9)).toBeNull();
    expect(isDraftFinished(O9)).toBe(true);
    resumeDraft(O9);
    expect(isDraftFinished(O9)).toBe(false);
  });
});
