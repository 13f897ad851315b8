import type { Access, Role } from './roles.js';
import { STAFF_ROLES } from './roles.js';

const CHIEF: readonly Role[] = ['CHIEF_NEGOTIATOR'];

/**
 * Every screen of the spec and who may open it. The web app's router and guard are built
 * from this table, and the permission matrix test reads it, so the two sides cannot drift.
 */
export const WEB_ROUTES = {
  '/': 'PUBLIC',
  '/login': 'PUBLIC',
  '/register': 'PUBLIC',
  '/verify': 'PUBLIC',
  '/reset-password': 'PUBLIC',
  '/reset': 'PUBLIC',
  '/two-factor': 'PUBLIC',
  '/contact-us': 'PUBLIC',
  '/faqs': 'PUBLIC',
  '/faqs-externe': 'PUBLIC',
  '/country-information': 'PUBLIC',
  '/see-more-insights': 'PUBLIC',
  '/see-more-events': 'PUBLIC',
  '/see-more-contacts': 'PUBLIC',
  '/denied': 'PUBLIC',
  /** The links of the newsletter's confirmation mail (double opt-in). */
  '/newsletter/confirm': 'PUBLIC',
  '/newsletter/unsubscribe': 'PUBLIC',

  '/dashboard': 'AUTHENTICATED',
  '/workspace': 'AUTHENTICATED',
  '/password-management': 'AUTHENTICATED',
  '/profile': 'AUTHENTICATED',
  '/add-offer': 'AUTHENTICATED',
  '/edit-offer/:id': 'AUTHENTICATED',
  '/response-offer/:id': 'AUTHENTICATED',
  '/view-response-offer/:id': 'AUTHENTICATED',
  '/compare-versions/:id': 'AUTHENTICATED',
  '/compare-versions/:id/:counterId': 'AUTHENTICATED',
  '/offers': 'AUTHENTICATED',
  '/offers-done': 'AUTHENTICATED',
  '/chat': 'AUTHENTICATED',
  '/chat/:id/:version': 'AUTHENTICATED',
  '/gats': 'AUTHENTICATED',
  '/gats/:id': 'AUTHENTICATED',
  '/afcfta': 'AUTHENTICATED',
  '/regions': 'AUTHENTICATED',
  '/notifications': 'AUTHENTICATED',
  '/legislation': 'AUTHENTICATED',
  '/change-password': 'AUTHENTICATED',
  '/request-offer': 'AUTHENTICATED',
  '/request-offer/:id': 'AUTHENTICATED',
  '/request-offer/:id/:requestId': 'AUTHENTICATED',

  '/offers-validate': STAFF_ROLES,
  '/compare-offers': STAFF_ROLES,
  '/home-members-section': STAFF_ROLES,
  '/home-objectives-section': STAFF_ROLES,
  '/home-footer-section': STAFF_ROLES,
  '/home-events-section': STAFF_ROLES,
  '/home-event-section': STAFF_ROLES,
  '/home-our-contacts-section': STAFF_ROLES,
  '/home-insight-section': STAFF_ROLES,
  '/faq-section': STAFF_ROLES,
  '/faq-section-externe': STAFF_ROLES,
  '/global-settings': STAFF_ROLES,
  '/backoffice/user-management': STAFF_ROLES,
  '/backoffice/contactus': STAFF_ROLES,
  '/backoffice/user-dashboard': STAFF_ROLES,
  '/backoffice/audit-logs': STAFF_ROLES,
  '/backoffice/offer-management': STAFF_ROLES,
  '/backoffice/country-management': STAFF_ROLES,
  '/backoffice/country-information': STAFF_ROLES,
  '/backoffice/abouts': STAFF_ROLES,
  /** The newsletter's subscribers, with their confirmation status and a CSV export. */
  '/backoffice/newsletter': STAFF_ROLES,
  '/legislation-section': STAFF_ROLES,

  '/user-focal-management': CHIEF,
} as const satisfies Record<string, Access>;

export type WebRoute = keyof typeof WEB_ROUTES;
