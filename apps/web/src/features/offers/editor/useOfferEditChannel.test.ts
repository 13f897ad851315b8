import { describe, expect, it } from 'vitest';
import { OFFER_EDIT_FORGET_SECONDS } from '@portal/shared';
import { applyAnnouncement } from './useOfferEditChannel';

const amina = { login: 'amina@example.org', name: 'Amina Diallo' };

describe('who is editing which offer', () => {
  it('follows the announcements: opened, still open, closed', () => {
    let editors = applyAnnouncement(new Map(), { offerId: 'o1', ...amina, editing: true }, 0);
    expect(editors.get('o1')).toMatchObject(amina);
    editors = applyAnnouncement(editors, { offerId: 'o1', ...amina, editing: true }, 20_000);
    expect(editors.get('o1')?.at).toBe(20_000);
    editors = applyAnnouncement(editors, { offerId: 'o1', ...amina, editing: false }, 21_000);
    expect(editors.has('o1')).toBe(false);
  });

  it("does not let one editor's closing hide another who took the offer since", () => {
    let editors = applyAnnouncement(new Map(), { offerId: 'o1', ...amina, editing: true }, 0);
    editors = applyAnnouncement(editors, { offerId: 'o1', login: 'b@example.org', name: 'B', editing: true }, 1000);
    editors = applyAnnouncement(editors, { offerId: 'o1', ...amina, editing: false }, 2000);
    expect(editors.get('o1')?.login).toBe('b@example.org');
  });

  it('forgets an editor not heard of for a long time (a closed tab)', () => {
    const editors = applyAnnouncement(new Map(), { offerId: 'o1', ...amina, editing: true }, 0);
    const later = applyAnnouncement(
      editors,
      { offerId: 'o2', ...amina, editing: true },
      OFFER_EDIT_FORGET_SECONDS * 1000 + 1,
    );
    expect([...later.keys()]).toEqual(['o2']);
  });
});
