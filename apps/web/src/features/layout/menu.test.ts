import { describe, expect, it } from 'vitest';
import { hasAccess, ROLES, WEB_ROUTES, type Role } from '@portal/shared';
import { CMS_SCREENS } from '../cms/screens';
import { selectedMenuKey, sideMenuFor, type MenuEntry } from './menu';

const COMMON_START = [
  ['menu.home', '/'],
  ['menu.conditionalOffers', '/offers-done'],
  ['menu.dashboard', '/dashboard'],
];
const COMMON_END = [
  ['menu.messaging', '/chat'],
  ['menu.legislation', '/legislation'],
  ['menu.gats', '/gats'],
  ['menu.afcfta', '/afcfta'],
  ['menu.passwordManagement', '/password-management'],
];
const BACK_OFFICE = [
  ['menu.boUserManagement', '/backoffice/user-management'],
  ['menu.boUsersDashboard', '/backoffice/user-dashboard'],
  ['menu.boAuditLogs', '/backoffice/audit-logs'],
  ['menu.boAuditOffers', '/backoffice/offer-management'],
  ['menu.boCountryManagement', '/backoffice/country-management'],
  ['menu.boCountryInformation', '/backoffice/country-information'],
  ['menu.boCms', '/faq-section'],
  ['menu.boContactUs', '/backoffice/contactus'],
  ['menu.boNewsletter', '/backoffice/newsletter'],
  ['menu.boCompareOffers', '/compare-offers'],
  ['menu.boGlobalSettings', '/global-settings'],
];

const flat = (entries: MenuEntry[]) =>
  entries.map((e) => [e.label, e.path ?? e.children?.map((c) => [c.label, c.path])]);

const REQUESTS = ['menu.requests', '/request-offer'];
const staffMenu = [
  ...COMMON_START,
  ['menu.workspace', '/offers-validate'],
  REQUESTS,
  ...COMMON_END,
  ['menu.backOffice', BACK_OFFICE],
];

describe('side menu per role', () => {
  it.each<[Role, unknown[]]>([
    ['ADMIN', staffMenu],
    ['AFRICAN_UNION', staffMenu],
    [
      'CHIEF_NEGOTIATOR',
      [
        ...COMMON_START,
        ['menu.workspace', '/offers'],
        REQUESTS,
        ...COMMON_END,
        ['menu.userManagement', '/user-focal-management'],
      ],
    ],
    ['SERVICE_FOCAL_POINT', [...COMMON_START, ['menu.workspace', '/offers'], REQUESTS, ...COMMON_END]],
    ['REGIONAL_ADVISOR', [...COMMON_START, ['menu.workspace', '/offers'], ...COMMON_END]],
  ])('%s sees exactly the spec entries', (role, expected) => {
    expect(flat(sideMenuFor(role))).toEqual(expected);
  });

  it.each(ROLES)('%s is allowed to open every entry of its menu', (role) => {
    const paths = sideMenuFor(role).flatMap((e) => (e.children ?? [e]).map((c) => c.path!));
    expect(paths.filter((p) => !hasAccess(WEB_ROUTES[p], role))).toEqual([]);
  });

  it('highlights the entry of the current page, including its sub-pages', () => {
    const menu = sideMenuFor('AFRICAN_UNION');
    expect(selectedMenuKey(menu, '/gats/12')).toBe('gats');
    expect(selectedMenuKey(menu, '/backoffice/audit-logs')).toBe('boAuditLogs');
    expect(selectedMenuKey(menu, '/')).toBe('home');
    expect(selectedMenuKey(menu, '/profile')).toBeUndefined();
  });

  it('reaches every staff screen from the side menu or the CMS navigation', () => {
    const menu = sideMenuFor('ADMIN').flatMap((e) => (e.children ?? [e]).map((c) => c.path as string));
    const reachable = new Set([...menu, ...CMS_SCREENS.map((s) => s.path as string)]);
    const staffScreens = Object.entries(WEB_ROUTES)
      .filter(
        ([path, access]) => Array.isArray(access) && !path.includes(':') && !hasAccess(access, 'CHIEF_NEGOTIATOR'),
      )
      .map(([path]) => path);
    expect(staffScreens.length).toBeGreaterThan(10);
    expect(staffScreens.filter((p) => !reachable.has(p))).toEqual([]);
  });
});
