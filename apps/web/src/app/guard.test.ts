import { describe, expect, it } from 'vitest';
import { ROLES, WEB_ROUTES, type Role, type WebRoute } from '@portal/shared';
import { decideAccess } from './guard';
import { ROUTE_TABLE } from './routeTable';

// Written from the spec (section 2), independently of the permission table, so a drift shows.
const PUBLIC = [
  '/login',
  '/register',
  '/',
  '/verify',
  '/reset-password',
  '/reset',
  '/two-factor',
  '/contact-us',
  '/faqs',
  '/faqs-externe',
  '/country-information',
  '/see-more-insights',
  '/see-more-events',
  '/see-more-contacts',
  '/denied',
  // Beyond the spec's list: the links of the newsletter's confirmation mail (double opt-in, docs/decisions/cms-and-public-site.md).
  '/newsletter/confirm',
  '/newsletter/unsubscribe',
];
const STAFF_ONLY = [
  '/offers-validate',
  '/compare-offers',
  '/home-members-section',
  '/home-objectives-section',
  '/home-footer-section',
  '/home-events-section',
  '/home-event-section',
  '/home-our-contacts-section',
  '/home-insight-section',
  '/faq-section',
  '/faq-section-externe',
  '/global-settings',
  '/backoffice/user-management',
  '/backoffice/contactus',
  '/backoffice/user-dashboard',
  '/backoffice/audit-logs',
  '/backoffice/offer-management',
  '/backoffice/country-management',
  '/backoffice/country-information',
  '/backoffice/abouts',
  // Beyond the spec's list: the secretariat's editor of the legislation texts (docs/decisions/cms-and-public-site.md).
  '/legislation-section',
  // Beyond the spec's list: the newsletter's subscribers and their CSV export (docs/decisions/administration.md).
  '/backoffice/newsletter',
];
const CHIEF_ONLY = ['/user-focal-management'];

function expected(path: string, role: Role | null) {
  if (PUBLIC.includes(path)) return 'allow';
  if (!role) return 'login';
  if (STAFF_ONLY.includes(path)) return role === 'ADMIN' || role === 'AFRICAN_UNION' ? 'allow' : 'denied';
  if (CHIEF_ONLY.includes(path)) return role === 'CHIEF_NEGOTIATOR' ? 'allow' : 'denied';
  return 'allow';
}

const paths = Object.keys(WEB_ROUTES) as WebRoute[];

describe('route guard', () => {
  it('has a route, with a title, for every screen of the permission table', () => {
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual([...paths].sort());
  });

  it.each(paths)('%s: anonymous visitors and each role get the right answer', (path) => {
    expect(decideAccess(WEB_ROUTES[path], { status: 'anonymous' })).toBe(expected(path, null));
    for (const role of ROLES) {
      expect([role, decideAccess(WEB_ROUTES[path], { status: 'signedIn', role })]).toEqual([
        role,
        expected(path, role),
      ]);
    }
  });

  it('waits for the profile before deciding a protected page, never for a public one', () => {
    expect(decideAccess(WEB_ROUTES['/dashboard'], { status: 'loading' })).toBe('wait');
    expect(decideAccess(WEB_ROUTES['/login'], { status: 'loading' })).toBe('allow');
  });
});
