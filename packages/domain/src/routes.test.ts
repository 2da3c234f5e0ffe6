import { describe, expect, it } from 'vitest';
import { en } from './i18n/en.js';
import { isPermission } from './permissions.js';
import { canOpenRoute, offersRoute, ROUTES, routePath, routeTitleKey, safeRedirectTarget } from './routes.js';

const PORTAL_PATHS = [
  '/',
  '/login',
  '/login-oauth/oidc',
  '/sc/service-portfolio',
  '/sc/public-service-portfolio',
  '/sc/public-service-portfolio/:serviceId',
  '/sc/service-integration-list',
  '/sc/review-list',
  '/sc/pilots-ending',
  '/sc/service-field-list',
  '/sc/change-request-list',
  '/sc/service-application',
  '/sc/service-application/:id',
  '/sc/my-services',
  '/sc/service/:id',
  '/sc/service/:serviceID/policy/:policyUID',
  '/sc/service/:serviceID/policy/:pathPolicyUID/resource-form',
  '/sc/resourcePackageReviewList',
  '/sc/service-online-form/:id',
  '/cd/contact-database',
  '/cd/institutions',
  '/cd/user-accounts',
  '/sc/handover',
  '/vo/vo-registration',
  '/vo/vo-application',
  '/vo/my-vos',
  '/vo/virtual-organisation/:id',
  '/vo/vo-application/:id',
  '/manage/adminPanel',
  '/profile/api-tokens',
  '/profile/mail-settings',
  '/profile/sessions',
  '/instructions/service-portfolio',
  '/instructions/contact-database',
  '*',
];

describe('route table', () => {
  it("holds exactly the portal's routes", () => {
    expect(ROUTES.map((r) => r.path).sort()).toEqual([...PORTAL_PATHS].sort());
  });

  it('leaves exactly home, login, AAI return, public portfolio with its services’ pages, the instruction pages and not-found public', () => {
    expect(
      ROUTES.filter((r) => r.permission === 'public')
        .map((r) => r.path)
        .sort(),
    ).toEqual(
      [
        '/',
        '/login',
        '/login-oauth/oidc',
        '/sc/public-service-portfolio',
        '/sc/public-service-portfolio/:serviceId',
        '/instructions/service-portfolio',
        '/instructions/contact-database',
        '*',
      ].sort(),
    );
  });

  it('guards every other route with a named permission (ADR 21)', () => {
    for (const route of ROUTES)
      if (route.permission !== 'public') expect(isPermission(route.permission), route.id).toBe(true);
  });

  it('opens New Application and My Services only to service providers, the desk and the portal manager', () => {
    const as = (...roles: string[]) => ({ id: 'u', username: 'u', roles });
    for (const id of ['serviceApplication', 'myServices'] as const) {
      expect(canOpenRoute(as(), id), id).toBe(false);
      expect(canOpenRoute(as('servicePortfolioManager'), id), id).toBe(false);
      expect(canOpenRoute(null, id), id).toBe(false);
      expect(canOpenRoute(as('serviceProvider'), id), id).toBe(true);
      expect(canOpenRoute(as('cloudServiceDesk'), id), id).toBe(true);
      expect(canOpenRoute(as('portalManager'), id), id).toBe(true);
    }
    expect(canOpenRoute(as('serviceIntegrationManager'), 'serviceIntegrationList')).toBe(true);
    expect(canOpenRoute(as('serviceProvider'), 'serviceIntegrationList')).toBe(false);
  });

  it('offers only built screens', () => {
    const admin = { id: 'a', username: 'admin', roles: ['portalManager'] };
    expect(offersRoute(admin, 'serviceApplication')).toBe(true);
    expect(offersRoute(admin, 'adminPanel')).toBe(true);
    expect(offersRoute({ ...admin, roles: ['servicePortfolioManager'] }, 'adminPanel')).toBe(false);
    expect(offersRoute(admin, 'myVos')).toBe(true);
    expect(offersRoute({ ...admin, roles: ['serviceProvider'] }, 'myVos')).toBe(false);
  });

  it('has an English title for every route but home', () => {
    for (const route of ROUTES) {
      const key = routeTitleKey(route.id);
      if (route.id === 'home') expect(key).toBeNull();
      else expect(en.routes[route.id as keyof typeof en.routes], route.id).toBeTruthy();
    }
    expect(en.routes.servicePortfolio).toBe('Service Portfolio');
    expect(en.routes.notFound).toBe('Page not found');
  });

  it('fills route parameters', () => {
    expect(routePath('service', { id: 'svc 1' })).toBe('/sc/service/svc%201');
    expect(() => routePath('service')).toThrow(/Missing/);
  });

  it('only redirects to paths of this site after login', () => {
    expect(safeRedirectTarget('/sc/my-services?tab=2')).toBe('/sc/my-services?tab=2');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/login?redirect=/x')).toBe('/');
    expect(safeRedirectTarget(null)).toBe('/');
  });

  it('refuses what a browser would read as another origin once it drops tabs, line breaks and backslashes', () => {
    for (const crafted of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\\evil.example',
      '/x\u0000',
      '/\u007f/evil',
      ' /x',
      '/\u2028/evil',
    ])
      expect(safeRedirectTarget(crafted), JSON.stringify(crafted)).toBe('/');
    expect(safeRedirectTarget('/sc/service/1?tab=history#top')).toBe('/sc/service/1?tab=history#top');
    expect(safeRedirectTarget('/cd/contact-database?q=M%C3%BCller')).toBe('/cd/contact-database?q=M%C3%BCller');
  });
});
