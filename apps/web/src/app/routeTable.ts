/**
 * The one route table: every screen of the permission table (WEB_ROUTES) with its title and, once built,
 * its lazily loaded page. A screen without a page yet shows its title inside the layout.
 * `satisfies Record<WebRoute, …>` makes a screen missing here, or one unknown to the permission table, a type error.
 */
import type { ComponentType } from 'react';
import type { WebRoute } from '@portal/shared';
import type en from '../i18n/en.json';

export type RouteTitle = `routes.${keyof typeof en.routes}`;
type PageModule = { default: ComponentType };
export interface RouteDef {
  title: RouteTitle;
  page?: () => Promise<PageModule>;
  /** Reads only the translations a first visit ships with (src/i18n/firstVisit.ts). */
  firstVisit?: boolean;
}

export const ROUTE_TABLE = {
  '/': { title: 'routes.home', page: () => import('../pages/home/HomePage'), firstVisit: true },
  '/login': { title: 'routes.login', page: () => import('../pages/auth/LoginPage'), firstVisit: true },
  '/register': { title: 'routes.register', page: () => import('../pages/profile/RegisterPage') },
  '/verify': { title: 'routes.verify', page: () => import('../pages/auth/VerifyRedirect') },
  '/reset-password': { title: 'routes.resetPassword', page: () => import('../pages/auth/ForgotPasswordPage') },
  '/reset': { title: 'routes.reset', page: () => import('../pages/auth/ResetPasswordPage') },
  '/two-factor': { title: 'routes.twoFactor', page: () => import('../pages/auth/TwoFactorPage') },
  '/contact-us': { title: 'routes.contactUs', page: () => import('../pages/public/ContactUsPage') },
  '/faqs': { title: 'routes.faqs', page: () => import('../pages/public/FaqsPage') },
  '/faqs-externe': { title: 'routes.faqsExterne', page: () => import('../pages/public/FaqsExternePage') },
  '/country-information': {
    title: 'routes.countryInformation',
    page: () => import('../pages/public/CountryInformationPage'),
  },
  '/see-more-insights': { title: 'routes.seeMoreInsights', page: () => import('../pages/public/SeeMoreInsightsPage') },
  '/see-more-events': { title: 'routes.seeMoreEvents', page: () => import('../pages/public/SeeMoreEventsPage') },
  '/see-more-contacts': { title: 'routes.seeMoreContacts', page: () => import('../pages/public/SeeMoreContactsPage') },
  '/denied': { title: 'routes.denied', page: () => import('../pages/errors/DeniedPage') },
  '/newsletter/confirm': {
    title: 'routes.newsletterConfirm',
    page: () => import('../pages/public/NewsletterConfirmPage'),
  },
  '/newsletter/unsubscribe': {
    title: 'routes.newsletterUnsubscribe',
    page: () => import('../pages/public/NewsletterUnsubscribePage'),
  },

  '/dashboard': { title: 'routes.dashboard', page: () => import('../pages/dashboard/DashboardPage') },
  '/workspace': { title: 'routes.workspace', page: () => import('../pages/workspace/WorkspacePage') },
  '/password-management': {
    title: 'routes.passwordManagement',
    page: () => import('../pages/profile/PasswordManagementPage'),
  },
  '/profile': { title: 'routes.profile', page: () => import('../pages/profile/ProfilePage') },
  '/add-offer': { title: 'routes.addOffer', page: () => import('../pages/offers/AddOfferPage') },
  '/edit-offer/:id': { title: 'routes.editOffer', page: () => import('../pages/offers/EditOfferPage') },
  '/response-offer/:id': { title: 'routes.responseOffer', page: () => import('../pages/responses/ResponseOfferPage') },
  '/view-response-offer/:id': {
    title: 'routes.viewResponseOffer',
    page: () => import('../pages/responses/ViewResponseOfferPage'),
  },
  '/compare-versions/:id': {
    title: 'routes.compareVersions',
    page: () => import('../pages/responses/CompareOfferVersionsPage'),
  },
  '/compare-versions/:id/:counterId': {
    title: 'routes.compareVersions',
    page: () => import('../pages/responses/CompareVersionsPage'),
  },
  '/offers': { title: 'routes.offers', page: () => import('../pages/offers/OffersPage') },
  '/offers-done': { title: 'routes.offersDone', page: () => import('../pages/offers/OffersDonePage') },
  '/chat': { title: 'routes.chat', page: () => import('../pages/chat/ChatPage') },
  '/chat/:id/:version': { title: 'routes.chatVersion', page: () => import('../pages/chat/ChatPage') },
  '/gats': { title: 'routes.gats', page: () => import('../pages/gats/GatsPage') },
  '/gats/:id': { title: 'routes.gatsDetail', page: () => import('../pages/gats/GatsMemberPage') },
  '/afcfta': { title: 'routes.afcfta', page: () => import('../pages/reference/AfcftaPage') },
  '/regions': { title: 'routes.regions', page: () => import('../pages/reference/RegionsPage') },
  '/notifications': { title: 'routes.notifications', page: () => import('../pages/notifications/NotificationsPage') },
  '/legislation': { title: 'routes.legislation', page: () => import('../pages/legislation/LegislationPage') },
  '/change-password': { title: 'routes.changePassword', page: () => import('../pages/profile/ChangePasswordPage') },
  '/request-offer': { title: 'routes.requestOffer', page: () => import('../pages/requests/RequestListPage') },
  '/request-offer/:id': {
    title: 'routes.requestOfferDetail',
    page: () => import('../pages/requests/RequestEditorPage'),
  },
  '/request-offer/:id/:requestId': {
    title: 'routes.requestOfferItem',
    page: () => import('../pages/requests/RequestDetailPage'),
  },

  '/offers-validate': { title: 'routes.offersValidate', page: () => import('../pages/offers/OffersValidatePage') },
  '/compare-offers': { title: 'routes.compareOffers', page: () => import('../pages/compare/CompareOffersPage') },
  '/home-members-section': { title: 'routes.homeMembersSection', page: () => import('../pages/cms/CmsPage') },
  '/home-objectives-section': { title: 'routes.homeObjectivesSection', page: () => import('../pages/cms/CmsPage') },
  '/home-footer-section': { title: 'routes.homeFooterSection', page: () => import('../pages/cms/CmsPage') },
  '/home-events-section': { title: 'routes.homeEventsSection', page: () => import('../pages/cms/CmsPage') },
  '/home-event-section': { title: 'routes.homeEventSection', page: () => import('../pages/cms/CmsPage') },
  '/home-our-contacts-section': { title: 'routes.homeOurContactsSection', page: () => import('../pages/cms/CmsPage') },
  '/home-insight-section': { title: 'routes.homeInsightSection', page: () => import('../pages/cms/CmsPage') },
  '/faq-section': { title: 'routes.faqSection', page: () => import('../pages/cms/CmsPage') },
  '/faq-section-externe': { title: 'routes.faqSectionExterne', page: () => import('../pages/cms/CmsPage') },
  '/global-settings': { title: 'routes.globalSettings', page: () => import('../pages/backoffice/GlobalSettingsPage') },
  '/backoffice/user-management': {
    title: 'routes.boUserManagement',
    page: () => import('../pages/backoffice/UserManagementPage'),
  },
  '/backoffice/contactus': {
    title: 'routes.boContactUs',
    page: () => import('../pages/backoffice/ContactMailboxPage'),
  },
  '/backoffice/user-dashboard': {
    title: 'routes.boUserDashboard',
    page: () => import('../pages/backoffice/UserDashboardPage'),
  },
  '/backoffice/audit-logs': { title: 'routes.boAuditLogs', page: () => import('../pages/backoffice/AuditLogsPage') },
  '/backoffice/offer-management': {
    title: 'routes.boOfferManagement',
    page: () => import('../pages/offers/OfferManagementPage'),
  },
  '/backoffice/country-management': {
    title: 'routes.boCountryManagement',
    page: () => import('../pages/backoffice/CountryManagementPage'),
  },
  '/backoffice/country-information': {
    title: 'routes.boCountryInformation',
    page: () => import('../pages/cms/CmsPage'),
  },
  '/backoffice/abouts': { title: 'routes.boAbouts', page: () => import('../pages/cms/CmsPage') },
  '/backoffice/newsletter': {
    title: 'routes.boNewsletter',
    page: () => import('../pages/backoffice/NewsletterSubscribersPage'),
  },
  '/legislation-section': { title: 'routes.legislationSection', page: () => import('../pages/cms/CmsPage') },

  '/user-focal-management': {
    title: 'routes.userFocalManagement',
    page: () => import('../pages/users/UserFocalManagementPage'),
  },
} as const satisfies Record<WebRoute, RouteDef>;
