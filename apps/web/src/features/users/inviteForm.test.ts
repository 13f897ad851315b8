import { describe, expect, it } from 'vitest';
import { inviteUsersSchema } from '@portal/shared';
import {
  asksForCountry,
  blankRow,
  canAddRow,
  canRemoveRow,
  duplicateEmails,
  MAX_INVITEES,
  rolesOffered,
  toInvitation,
} from './inviteForm';

describe('invite form rules', () => {
  it('offers a chief negotiator only the Services Focal Point role, already chosen', () => {
    expect(rolesOffered('CHIEF_NEGOTIATOR')).toEqual(['SERVICE_FOCAL_POINT']);
    expect(blankRow('CHIEF_NEGOTIATOR')).toEqual({ userRole: 'SERVICE_FOCAL_POINT' });
  });

  it('offers the secretariat chief negotiator or focal point, and an administrator staff roles too', () => {
    expect(rolesOffered('AFRICAN_UNION')).toEqual(['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT']);
    expect(rolesOffered('ADMIN')).toEqual(['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT', 'AFRICAN_UNION', 'ADMIN']);
    for (const role of ['AFRICAN_UNION', 'ADMIN'] as const) {
      expect(blankRow(role)).toEqual({});
      expect(asksForCountry(role)).toBe(true);
    }
  });

  it('sends no country for an invitee of a staff role', () => {
    const [sent] = toInvitation(
      [
        {
          titlePrefix: 'Mr',
          firstName: 'Moussa',
          lastName: 'Traoré',
          userRole: 'AFRICAN_UNION',
          email: 'm@au.int',
          countryCode: 'KE',
        },
      ],
      { role: 'ADMIN', countryCode: null },
    );
    expect(sent!.countryCode).toBeNull();
  });

  it('asks no country of a chief negotiator', () => {
    expect(asksForCountry('CHIEF_NEGOTIATOR')).toBe(false);
  });

  it('removes a row only while more than one remains; adds up to the contract limit', () => {
    expect(canRemoveRow(1)).toBe(false);
    expect(canRemoveRow(2)).toBe(true);
    expect(canAddRow(MAX_INVITEES - 1)).toBe(true);
    expect(canAddRow(MAX_INVITEES)).toBe(false);
  });

  it("forces the chief negotiator's own country on every invitee", () => {
    const rows = [
      {
        titlePrefix: 'Dr' as const,
        firstName: ' Achieng ',
        lastName: 'Otieno',
        userRole: 'SERVICE_FOCAL_POINT' as const,
        email: ' Achieng@Trade.go.ke ',
        countryCode: 'SN',
      },
      {
        titlePrefix: 'Mr' as const,
        firstName: 'Baraka',
        lastName: 'Mwangi',
        userRole: 'SERVICE_FOCAL_POINT' as const,
        email: 'baraka@trade.go.ke',
      },
    ];
    const sent = toInvitation(rows, { role: 'CHIEF_NEGOTIATOR', countryCode: 'KE' });
    expect(sent.map((u) => u.countryCode)).toEqual(['KE', 'KE']);
    expect(sent[0]).toEqual({
      titlePrefix: 'Dr',
      firstName: 'Achieng',
      lastName: 'Otieno',
      userRole: 'SERVICE_FOCAL_POINT',
      email: 'achieng@trade.go.ke',
      countryCode: 'KE',
    });
    expect(inviteUsersSchema.safeParse(sent).success).toBe(true);
  });

  it('keeps the country the secretariat chose for each invitee', () => {
    const sent = toInvitation(
      [
        {
          titlePrefix: 'Ms',
          firstName: 'Fatou',
          lastName: 'Sarr',
          userRole: 'CHIEF_NEGOTIATOR',
          email: 'fatou@gouv.sn',
          countryCode: 'SN',
        },
      ],
      { role: 'AFRICAN_UNION', countryCode: null },
    );
    expect(sent[0]?.countryCode).toBe('SN');
    expect(inviteUsersSchema.safeParse(sent).success).toBe(true);
  });

  it('finds an address entered twice, whatever its case and spaces', () => {
    expect([...duplicateEmails([{ email: 'a@b.co' }, { email: ' A@B.co' }, { email: 'c@d.co' }, {}])]).toEqual([
      'a@b.co',
    ]);
    expect(duplicateEmails([{ email: 'a@b.co' }, { email: 'c@d.co' }]).size).toBe(0);
  });
});
