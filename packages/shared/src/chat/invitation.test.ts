import { describe, expect, it } from 'vitest';
import { roomInvitation } from './index';

const negotiation = { romeType: 'OFFER', countries: ['SN', 'KE'] } as const;
const contact = { romeType: 'CONTACT', countries: [null, null] } as const;

describe('adding a user to a room', () => {
  it('a negotiation stays bilateral: its countries are in it, a third country is refused, no country is added', () => {
    expect(roomInvitation(negotiation, { country: 'KE', isMember: false })).toBe('IN_ROOM');
    expect(roomInvitation(negotiation, { country: 'EG', isMember: false })).toBe('THIRD_COUNTRY');
    expect(roomInvitation(negotiation, { country: null, isMember: false })).toBe('ADDABLE');
    expect(roomInvitation(negotiation, { country: null, isMember: true })).toBe('IN_ROOM');
  });

  it('a contact room takes anyone not yet in it, whatever their country', () => {
    expect(roomInvitation(contact, { country: 'EG', isMember: false })).toBe('ADDABLE');
    expect(roomInvitation(contact, { country: 'EG', isMember: true })).toBe('IN_ROOM');
  });
});
