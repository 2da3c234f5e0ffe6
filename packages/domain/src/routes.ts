import type { Role } from './roles.js';

/**
 * The web app's routes (SPEC §2). The web registers exactly these; titles are i18n keys under
 * `routes.*`, and `access` decides whether a logged-out visitor is sent to the login page.
 * `roles`, where set, is what the screen's data needs; others see a "no access" notice.
 */
export interface RouteDefinition {
  id: RouteId;
  path: string;
  access: 'public' | 'authenticated';
  roles?: readonly Role[];
}

export const ROUTE_IDS = [
  'home',
  'login',
  'loginOauth',
  'servicePortfolio',
  'publicServicePortfolio',
  'serviceIntegrationList',
  'reviewList',
  'serviceFieldList',
  'changeRequestList',
  'serviceApplication',
  'serviceApplicationEdit',
  'myServices',
  'service',
  'policy',
  'resourceForm',
  'resourcePackageReviewList',
  'serviceOnlineForm',
  'contactDatabase',
  'institutions',
  'userAccounts',
  'voRegistration',
  'voApplication',
  'myVos',
  'virtualOrganisation',
  'voApplicationEdit',
  'adminPanel',
  'notFound',
] as const;

export type RouteId = (typeof ROUTE_IDS)[number];

const SPM_SIM: readonly Role[] = ['servicePortfolioManager', 'serviceIntegrationManager'];
const CONTACTS: readonly Role[] = ['contactManager', 'cloudServiceDesk'];

export const ROUTES: readonly RouteDefinition[] = [
  { id: 'home', path: '/', access: 'public' },
  { id: 'login', path: '/login', access: 'public' },
  { id: 'loginOauth', path: '/login-oauth/oidc', access: 'public' },
  { id: 'servicePortfolio', path: '/sc/service-portfolio', access: 'authenticated' },
  { id: 'publicServicePortfolio', path: '/sc/public-service-portfolio', access: 'public' },
  { id: 'serviceIntegrationList', path: '/sc/service-integration-list', access: 'authenticated', roles: SPM_SIM },
  { id: 'reviewList', path: '/sc/review-list', access: 'authenticated', roles: ['servicePortfolioManager'] },
  { id: 'serviceFieldList', path: '/sc/service-field-list', access: 'authenticated', roles: SPM_SIM },
  {
    id: 'changeRequestList',
    path: '/sc/change-request-list',
    access: 'authenticated',
    roles: ['servicePortfolioManager'],
  },
  { id: 'serviceApplication', path: '/sc/service-application', access: 'authenticated' },
  { id: 'serviceApplicationEdit', path: '/sc/service-application/:id', access: 'authenticated' },
  { id: 'myServices', path: '/sc/my-services', access: 'authenticated' },
  { id: 'service', path: '/sc/service/:id', access: 'authenticated' },
  { id: 'policy', path: '/sc/service/:serviceID/policy/:policyUID', access: 'authenticated' },
  { id: 'resourceForm', path: '/sc/service/:serviceID/policy/:pathPolicyUID/resource-form', access: 'authenticated' },
  {
    id: 'resourcePackageReviewList',
    path: '/sc/resourcePackageReviewList',
    access: 'authenticated',
    roles: ['resourcePackageManager'],
  },
  { id: 'serviceOnlineForm', path: '/sc/service-online-form/:id', access: 'authenticated' },
  { id: 'contactDatabase', path: '/cd/contact-database', access: 'authenticated', roles: CONTACTS },
  { id: 'institutions', path: '/cd/institutions', access: 'authenticated', roles: CONTACTS },
  { id: 'userAccounts', path: '/cd/user-accounts', access: 'authenticated', roles: CONTACTS },
  { id: 'voRegistration', path: '/vo/vo-registration', access: 'authenticated' },
  { id: 'voApplication', path: '/vo/vo-application', access: 'authenticated' },
  { id: 'myVos', path: '/vo/my-vos', access: 'authenticated' },
  { id: 'virtualOrganisation', path: '/vo/virtual-organisation/:id', access: 'authenticated' },
  { id: 'voApplicationEdit', path: '/vo/vo-application/:id', access: 'authenticated' },
  { id: 'adminPanel', path: '/manage/adminPanel', access: 'authenticated', roles: [] },
  { id: 'notFound', path: '*', access: 'public' },
];

export const routeById = (id: RouteId): RouteDefinition => {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
};

/** The i18n key of a route's title; home has none, so the document title falls back to the product name. */
export const routeTitleKey = (id: RouteId): string | null => (id === 'home' ? null : `routes.${id}`);

/** Fills `:params` of a route path. */
export const routePath = (id: RouteId, params: Record<string, string | number> = {}): string =>
  routeById(id).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name}`);
    return encodeURIComponent(String(value));
  });

/**
 * Only same-site paths may be used as the target after login, so a crafted
 * `?redirect=https://evil.example` cannot send a fresh session elsewhere.
 */
export const safeRedirectTarget = (value: string | null | undefined): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
};
