import { can, type Principal, type RouteAccess } from './permissions.js';
import type { MessageKey } from './i18n/types.js';

/**
 * The web app's routes. The web registers exactly these; titles are i18n keys under `routes.*`.
 * `permission` decides who may open the screen (ADR 21): 'public' for everyone, otherwise a named
 * permission of the domain's table, checked with `can()` as the server checks its API. Logged-out
 * visitors of a non-public route go to the login page; logged-in users without the permission see
 * a "no access" notice.
 * `hasScreen` marks the routes whose screen is built (the web's pages map must agree, a test holds
 * them equal); only those appear in menus and as links, the others show a placeholder.
 */
export interface RouteDefinition {
  id: RouteId;
  path: string;
  permission: RouteAccess;
  hasScreen?: true;
}

export type RouteId =
  | 'home'
  | 'login'
  | 'loginOauth'
  | 'servicePortfolio'
  | 'publicServicePortfolio'
  | 'publicService'
  | 'serviceIntegrationList'
  | 'reviewList'
  | 'pilotsEnding'
  | 'serviceFieldList'
  | 'changeRequestList'
  | 'serviceApplication'
  | 'serviceApplicationEdit'
  | 'myServices'
  | 'service'
  | 'policy'
  | 'resourceForm'
  | 'resourcePackageReviewList'
  | 'serviceOnlineForm'
  | 'contactDatabase'
  | 'institutions'
  | 'userAccounts'
  | 'handover'
  | 'voRegistration'
  | 'voApplication'
  | 'myVos'
  | 'virtualOrganisation'
  | 'voApplicationEdit'
  | 'adminPanel'
  | 'mailSettings'
  | 'sessions'
  | 'apiTokens'
  | 'instructionsServicePortfolio'
  | 'instructionsContactDatabase'
  | 'notFound';

export const ROUTES: readonly RouteDefinition[] = [
  { id: 'home', path: '/', permission: 'public', hasScreen: true },
  { id: 'login', path: '/login', permission: 'public', hasScreen: true },
  { id: 'loginOauth', path: '/login-oauth/oidc', permission: 'public', hasScreen: true },
  { id: 'servicePortfolio', path: '/sc/service-portfolio', permission: 'service.list', hasScreen: true },
  { id: 'publicServicePortfolio', path: '/sc/public-service-portfolio', permission: 'public', hasScreen: true },
  // A service's public page, by its service ID (docs/adr/0045-public-portfolio-page.md).
  {
    id: 'publicService',
    path: '/sc/public-service-portfolio/:serviceId',
    permission: 'public',
    hasScreen: true,
  },
  {
    id: 'serviceIntegrationList',
    path: '/sc/service-integration-list',
    permission: 'service.integrationList',
    hasScreen: true,
  },
  { id: 'reviewList', path: '/sc/review-list', permission: 'review.list', hasScreen: true },
  { id: 'pilotsEnding', path: '/sc/pilots-ending', permission: 'pilot.manage', hasScreen: true },
  { id: 'serviceFieldList', path: '/sc/service-field-list', permission: 'service.fieldList', hasScreen: true },
  { id: 'changeRequestList', path: '/sc/change-request-list', permission: 'changeRequest.list', hasScreen: true },
  { id: 'serviceApplication', path: '/sc/service-application', permission: 'service.create', hasScreen: true },
  // Editing an application is a service update: the provider side and portfolio managers reach it
  // from the service view; the service policy decides per service.
  { id: 'serviceApplicationEdit', path: '/sc/service-application/:id', permission: 'service.update', hasScreen: true },
  { id: 'myServices', path: '/sc/my-services', permission: 'screen.myServices', hasScreen: true },
  { id: 'service', path: '/sc/service/:id', permission: 'service.read', hasScreen: true },
  // Reviewers open submitted packages of services they do not see otherwise; the package's own
  // rule decides (canSeeResourcePackage), denied reads look like not-found.
  { id: 'policy', path: '/sc/service/:serviceID/policy/:policyUID', permission: 'service.read', hasScreen: true },
  {
    id: 'resourceForm',
    path: '/sc/service/:serviceID/policy/:pathPolicyUID/resource-form',
    permission: 'service.update',
    hasScreen: true,
  },
  {
    id: 'resourcePackageReviewList',
    path: '/sc/resourcePackageReviewList',
    permission: 'resourcePackage.review',
    hasScreen: true,
  },
  // Like the application editor: the service policy decides per service whether edits are
  // written directly or become a change request.
  { id: 'serviceOnlineForm', path: '/sc/service-online-form/:id', permission: 'service.update', hasScreen: true },
  { id: 'contactDatabase', path: '/cd/contact-database', permission: 'contact.read', hasScreen: true },
  { id: 'institutions', path: '/cd/institutions', permission: 'screen.contactDatabase', hasScreen: true },
  { id: 'userAccounts', path: '/cd/user-accounts', permission: 'user.readAny', hasScreen: true },
  // What gone people hold, handed to others (docs/adr/0123-people-who-leave.md); ?user= names one.
  { id: 'handover', path: '/sc/handover', permission: 'user.handover', hasScreen: true },
  { id: 'voRegistration', path: '/vo/vo-registration', permission: 'screen.myVos', hasScreen: true },
  { id: 'voApplication', path: '/vo/vo-application', permission: 'screen.voApplication', hasScreen: true },
  { id: 'myVos', path: '/vo/my-vos', permission: 'screen.myVos', hasScreen: true },
  {
    id: 'virtualOrganisation',
    path: '/vo/virtual-organisation/:id',
    permission: 'screen.virtualOrganisation',
    hasScreen: true,
  },
  {
    id: 'voApplicationEdit',
    path: '/vo/vo-application/:id',
    permission: 'screen.virtualOrganisation',
    hasScreen: true,
  },
  // Until the admin panel gets its full page it shows the mail outbox (docs/adr/0027-mail-outbox.md).
  { id: 'adminPanel', path: '/manage/adminPanel', permission: 'screen.adminPanel', hasScreen: true },
  // Reached from the profile menu, not from a navigation group.
  { id: 'mailSettings', path: '/profile/mail-settings', permission: 'mail.settings', hasScreen: true },
  { id: 'sessions', path: '/profile/sessions', permission: 'session.own', hasScreen: true },
  { id: 'apiTokens', path: '/profile/api-tokens', permission: 'apiToken.own', hasScreen: true },
  // Public like the PDFs beside them: the home page links both (ADR 0039).
  {
    id: 'instructionsServicePortfolio',
    path: '/instructions/service-portfolio',
    permission: 'public',
    hasScreen: true,
  },
  { id: 'instructionsContactDatabase', path: '/instructions/contact-database', permission: 'public', hasScreen: true },
  { id: 'notFound', path: '*', permission: 'public', hasScreen: true },
];

export const routeById = (id: RouteId): RouteDefinition => {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`Unknown route ${id}`);
  return route;
};

/** Whether this user (null: logged out) may open the route's screen. */
export const canOpenRoute = (principal: Principal | null, id: RouteId): boolean =>
  can(principal, routeById(id).permission);

/** Whether the route leads somewhere useful for this user: its screen is built and theirs to open. */
export const offersRoute = (principal: Principal | null, id: RouteId): boolean =>
  routeById(id).hasScreen === true && canOpenRoute(principal, id);

/** The i18n key of a route's title; home has none, so the document title falls back to the product name. */
export const routeTitleKey = (id: RouteId): MessageKey | null => (id === 'home' ? null : `routes.${id}`);

/** Fills `:params` of a route path. */
export const routePath = (id: RouteId, params: Record<string, string | number> = {}): string =>
  routeById(id).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name}`);
    return encodeURIComponent(String(value));
  });

// Control characters, whitespace and backslashes: a browser drops tabs and line breaks from a URL and
// reads a backslash as a slash, so "/\t/evil.example" would become "//evil.example", another origin.
const UNSAFE_IN_TARGET = /[\p{Cc}\p{Z}\\]/u;

/**
 * Only same-site paths may be used as the target after login, so a crafted
 * `?redirect=https://evil.example` cannot send a fresh session elsewhere: a path that begins with
 * one slash, and nothing in it that a browser would read otherwise.
 */
export const safeRedirectTarget = (value: string | null | undefined): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || UNSAFE_IN_TARGET.test(value)) return '/';
  if (value.startsWith('/login')) return '/';
  return value;
};
