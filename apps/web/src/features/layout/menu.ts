/**
 * The spec's side menu (its "Side menu" among the screens), as data: one list per role.
 * Shown on workspace and back-office pages; icons are chosen by key in SideMenu.tsx.
 */
import { isStaff, type Role, type WebRoute } from '@portal/shared';
import type en from '../../i18n/en.json';

type MenuLabel = `menu.${keyof typeof en.menu}`;

export interface MenuEntry {
  key: string;
  label: MenuLabel;
  /** Where the entry leads; absent for a submenu. */
  path?: WebRoute;
  children?: MenuEntry[];
}

const BACK_OFFICE: MenuEntry = {
  key: 'backOffice',
  label: 'menu.backOffice',
  children: [
    { key: 'boUserManagement', label: 'menu.boUserManagement', path: '/backoffice/user-management' },
    { key: 'boUsersDashboard', label: 'menu.boUsersDashboard', path: '/backoffice/user-dashboard' },
    { key: 'boAuditLogs', label: 'menu.boAuditLogs', path: '/backoffice/audit-logs' },
    { key: 'boAuditOffers', label: 'menu.boAuditOffers', path: '/backoffice/offer-management' },
    { key: 'boCountryManagement', label: 'menu.boCountryManagement', path: '/backoffice/country-management' },
    { key: 'boCountryInformation', label: 'menu.boCountryInformation', path: '/backoffice/country-information' },
    { key: 'boCms', label: 'menu.boCms', path: '/faq-section' },
    { key: 'boContactUs', label: 'menu.boContactUs', path: '/backoffice/contactus' },
    { key: 'boNewsletter', label: 'menu.boNewsletter', path: '/backoffice/newsletter' },
    // Staff screens the spec's list leaves out, so that every one is reachable.
    { key: 'boCompareOffers', label: 'menu.boCompareOffers', path: '/compare-offers' },
    { key: 'boGlobalSettings', label: 'menu.boGlobalSettings', path: '/global-settings' },
  ],
};

/** Where a role's workspace is: the secretariat and admins validate offers, the others write them. */
export function workspacePath(role: Role): WebRoute {
  return isStaff(role) ? '/offers-validate' : '/offers';
}

/** The side menu entries of a role, in the spec's order. */
export function sideMenuFor(role: Role): MenuEntry[] {
  const entries: MenuEntry[] = [
    { key: 'home', label: 'menu.home', path: '/' },
    { key: 'conditionalOffers', label: 'menu.conditionalOffers', path: '/offers-done' },
    { key: 'dashboard', label: 'menu.dashboard', path: '/dashboard' },
    { key: 'workspace', label: 'menu.workspace', path: workspacePath(role) },
    // Requests belong to the negotiating workspace: beside it, for those who write or read them.
    ...(role === 'REGIONAL_ADVISOR'
      ? []
      : [{ key: 'requests', label: 'menu.requests', path: '/request-offer' } as const]),
    { key: 'messaging', label: 'menu.messaging', path: '/chat' },
    { key: 'legislation', label: 'menu.legislation', path: '/legislation' },
    { key: 'gats', label: 'menu.gats', path: '/gats' },
    { key: 'afcfta', label: 'menu.afcfta', path: '/afcfta' },
    { key: 'passwordManagement', label: 'menu.passwordManagement', path: '/password-management' },
  ];
  if (role === 'CHIEF_NEGOTIATOR') {
    entries.push({ key: 'userManagement', label: 'menu.userManagement', path: '/user-focal-management' });
  }
  if (isStaff(role)) entries.push(BACK_OFFICE);
  return entries;
}

/** The key of the entry to highlight for a path: the deepest entry whose path starts the current one. */
export function selectedMenuKey(entries: MenuEntry[], pathname: string): string | undefined {
  const flat = entries.flatMap((e) => (e.children ? e.children : [e]));
  const matches = flat.filter(
    (e) => e.path && (e.path === pathname || (e.path !== '/' && pathname.startsWith(`${e.path}/`))),
  );
  return matches.sort((a, b) => (b.path?.length ?? 0) - (a.path?.length ?? 0))[0]?.key;
}
