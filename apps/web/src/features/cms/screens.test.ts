import { describe, expect, it } from 'vitest';
import { CMS_TYPES, WEB_ROUTES } from '@portal/shared';
import { ROUTE_TABLE } from '../../app/routeTable';
import { CMS_SCREENS, cmsScreenAt, cmsScreenOfType } from './screens';

describe('CMS screens ↔ content types', () => {
  it('gives every content type exactly one screen', () => {
    expect(CMS_SCREENS.map((s) => s.type).sort()).toEqual([...CMS_TYPES].sort());
  });

  it('maps the spec routes to their types', () => {
    expect(Object.fromEntries(CMS_SCREENS.map((s) => [s.path, s.type]))).toEqual({
      '/home-members-section': 'HOME_MEMBERS',
      '/home-objectives-section': 'HOME_OBJECTIVES',
      '/home-footer-section': 'HOME_FOOTER',
      '/home-events-section': 'HOME_EVENTS',
      '/home-event-section': 'EVENT',
      '/home-our-contacts-section': 'CONTACT',
      '/home-insight-section': 'INSIGHT',
      '/faq-section': 'FAQ',
      '/faq-section-externe': 'FAQ_EXTERNE',
      '/backoffice/country-information': 'COUNTRY_INFORMATION',
      '/backoffice/abouts': 'ABOUT',
      '/legislation-section': 'LEGISLATION',
    });
  });

  it('finds the screen of a path and of a type, both ways', () => {
    for (const screen of CMS_SCREENS) {
      expect(cmsScreenAt(screen.path)).toBe(screen);
      expect(cmsScreenAt(`${screen.path}/`)).toBe(screen);
      expect(cmsScreenOfType(screen.type)).toBe(screen);
    }
    expect(cmsScreenAt('/faqs')).toBeUndefined();
    expect(cmsScreenAt('/')).toBeUndefined();
  });

  it('opens the side menu entry (/faq-section) on the members FAQ, listed first', () => {
    expect(CMS_SCREENS[0]).toMatchObject({ path: '/faq-section', type: 'FAQ' });
  });

  it('keeps every CMS screen for the secretariat and admins, each routed to the CMS page', () => {
    for (const screen of CMS_SCREENS) {
      expect(WEB_ROUTES[screen.path]).toEqual(['AFRICAN_UNION', 'ADMIN']);
      expect(String(ROUTE_TABLE[screen.path].page)).toContain('cms/CmsPage');
    }
  });

  it('asks for a country on country information only, and a date on events and insights', () => {
    expect(CMS_SCREENS.filter((s) => s.fields.country).map((s) => s.type)).toEqual(['COUNTRY_INFORMATION']);
    expect(
      CMS_SCREENS.filter((s) => s.fields.eventDate)
        .map((s) => s.type)
        .sort(),
    ).toEqual(['EVENT', 'INSIGHT']);
  });

  it('attaches a PDF to legislation texts only', () => {
    expect(CMS_SCREENS.filter((s) => 'document' in s.fields && s.fields.document).map((s) => s.type)).toEqual([
      'LEGISLATION',
    ]);
  });
});
