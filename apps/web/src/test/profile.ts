import type { Profile } from '@portal/shared';

/** A signed-in chief negotiator of Kenya, as GET /profile/current answers it, for the web tests. */
export const TEST_PROFILE = {
  userId: 'u1',
  name: 'Wanjiru Kamau',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  language: 'en',
  email: 'chief.ke@portal.test',
  role: 'CHIEF_NEGOTIATOR',
  roles: ['CHIEF_NEGOTIATOR'],
  userRole: 'CHIEF_NEGOTIATOR',
  countryCode: 'KE',
  countryName: 'Kenya',
  region: 1,
  regionName: 'EAC',
  title: null,
  titlePrefix: 'Dr',
  phoneNumber: null,
  whatsappNumber: null,
  proofOfCountry: null,
  accreditationDetails: null,
  userInfo: { authorities: ['CHIEF_NEGOTIATOR'] },
} as unknown as Profile;
