import { describe, expect, it } from 'vitest';
import { ROLES, hasAccess, invitableRoles } from './roles.js';
import { WEB_ROUTES } from './permissions.js';
import { brokenPasswordRules } from './password.js';

describe('screen permissions (spec section 2)', () => {
  const staffOnly = Object.entries(WEB_ROUTES)
    .filter(([, a]) => Array.isArray(a) && a.length === 2)
    .map(([p]) => p);

  it('keeps back office, CMS, validation and comparison for the secretariat and admins', () => {
    expect(staffOnly).toEqual(
      expect.arrayContaining([
        '/offers-validate',
        '/compare-offers',
        '/global-settings',
        '/backoffice/audit-logs',
        '/faq-section',
      ]),
    );
    for (const path of staffOnly) {
      for (const role of ROLES)
        expect(hasAccess(WEB_ROUTES[path as keyof typeof WEB_ROUTES], role)).toBe(
          role === 'ADMIN' || role === 'AFRICAN_UNION',
        );
    }
  });

  it('keeps focal user management for chief negotiators', () => {
    for (const role of ROLES)
      expect(hasAccess(WEB_ROUTES['/user-focal-management'], role)).toBe(role === 'CHIEF_NEGOTIATOR');
  });

  it('admits any signed-in user to AUTHENTICATED screens and nobody anonymous', () => {
    for (const role of ROLES) expect(hasAccess(WEB_ROUTES['/dashboard'], role)).toBe(true);
    expect(hasAccess(WEB_ROUTES['/dashboard'], null)).toBe(false);
    expect(hasAccess(WEB_ROUTES['/login'], null)).toBe(true);
  });

  it('lets chief negotiators invite focal points only, the secretariat both', () => {
    expect(invitableRoles('CHIEF_NEGOTIATOR')).toEqual(['SERVICE_FOCAL_POINT']);
    expect(invitableRoles('AFRICAN_UNION')).toEqual(['CHIEF_NEGOTIATOR', 'SERVICE_FOCAL_POINT']);
    expect(invitableRoles('SERVICE_FOCAL_POINT')).toEqual([]);
  });
});

describe('password rules (spec section 5)', () => {
  it('needs upper, lower, digit, special and 8 characters', () => {
    expect(brokenPasswordRules('Demo#2026pass')).toEqual([]);
    expect(brokenPasswordRules('demo')).toEqual(['uppercase', 'digit', 'special', 'length']);
    expect(brokenPasswordRules('DEMO#2026PASS')).toEqual(['lowercase']);
  });
});
