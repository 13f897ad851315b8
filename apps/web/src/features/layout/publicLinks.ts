/** The public pages the header and the footer both link to, as data: where each leads and its label's key. */
import type { WebRoute } from '@portal/shared';
import type en from '../../i18n/en.json';

export interface PublicLink {
  /** A screen, or the home page's "about us" section. */
  to: WebRoute | '/#about';
  label: `nav.${keyof typeof en.nav}`;
}

export const HOME_LINK: PublicLink = { to: '/', label: 'nav.home' };
export const ABOUT_LINK: PublicLink = { to: '/#about', label: 'nav.aboutUs' };

/** The pages after "about us", in the order both show them: the FAQs are the internal ones once signed in. */
export function pageLinks(signedIn: boolean): PublicLink[] {
  return [
    { to: signedIn ? '/faqs' : '/faqs-externe', label: 'nav.faqs' },
    { to: '/country-information', label: 'nav.countryInformation' },
    { to: '/contact-us', label: 'nav.contactUs' },
  ];
}
