/**
 * The spec's CMS screens (secretariat or admin) and the content type each one edits.
 * One table: the router maps every screen to the one CMS page, which finds its type here.
 */
import type { CmsType, WebRoute } from '@portal/shared';
import type en from '../../i18n/en.json';

type CmsTypeLabel = `cms.types.${keyof typeof en.cms.types}`;

export interface CmsScreen {
  path: WebRoute;
  type: CmsType;
  /** Fields beyond title, summary and body that this type uses. */
  fields: { image: boolean; link: boolean; eventDate: boolean; country: boolean; document?: boolean };
}

const plain = { image: false, link: false, eventDate: false, country: false };
const illustrated = { image: true, link: true, eventDate: false, country: false };

/** In the order the CMS navigation lists them. */
export const CMS_SCREENS = [
  { path: '/faq-section', type: 'FAQ', fields: plain },
  { path: '/faq-section-externe', type: 'FAQ_EXTERNE', fields: plain },
  { path: '/backoffice/abouts', type: 'ABOUT', fields: illustrated },
  { path: '/home-objectives-section', type: 'HOME_OBJECTIVES', fields: illustrated },
  { path: '/home-members-section', type: 'HOME_MEMBERS', fields: illustrated },
  { path: '/home-events-section', type: 'HOME_EVENTS', fields: plain },
  { path: '/home-event-section', type: 'EVENT', fields: { image: true, link: true, eventDate: true, country: false } },
  {
    path: '/home-insight-section',
    type: 'INSIGHT',
    fields: { image: true, link: true, eventDate: true, country: false },
  },
  { path: '/home-our-contacts-section', type: 'CONTACT', fields: illustrated },
  {
    path: '/home-footer-section',
    type: 'HOME_FOOTER',
    fields: { image: false, link: true, eventDate: false, country: false },
  },
  {
    path: '/backoffice/country-information',
    type: 'COUNTRY_INFORMATION',
    fields: { image: true, link: true, eventDate: false, country: true },
  },
  { path: '/legislation-section', type: 'LEGISLATION', fields: { ...plain, document: true } },
] as const satisfies readonly CmsScreen[];

/** The screen editing a content type. */
export function cmsScreenOfType(type: CmsType): CmsScreen {
  const screen = CMS_SCREENS.find((s) => s.type === type);
  if (!screen) throw new Error(`No CMS screen edits ${type}`);
  return screen;
}

/** The screen at a path, or undefined when the path is not a CMS screen. */
export function cmsScreenAt(pathname: string): CmsScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CMS_SCREENS.find((s) => s.path === path);
}

/** The label key of a content type, as the CMS navigation and titles show it. */
export const cmsTypeLabel = (type: CmsType): CmsTypeLabel => `cms.types.${type}`;
