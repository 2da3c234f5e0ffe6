import { can, type Permission, type Principal } from './permissions.js';
import { routeById, type RouteId } from './routes.js';
import type { MessageKey } from './i18n/types.js';

/**
 * Top navigation (ADR 21). An entry leads to a route and shows when the user may open it and its
 * screen is built; `permission` narrows who sees an entry further (the public portfolio and the
 * instructions belong to their menu's audience). Document links (`href`) only accompany screens:
 * a group shows whenever it holds at least one screen for the user, so a group whose screens are
 * all still to come stays hidden. portalManager passes every permission.
 */
export interface NavEntry {
  key: string;
  labelKey: MessageKey;
  route?: RouteId;
  /** Who sees the entry; defaults to the route's permission. */
  permission?: Permission;
  /** Documents open in a new tab. */
  href?: string;
}

export interface NavGroup {
  key: 'servicePortfolio' | 'contactDatabase' | 'voRegistration' | 'adminPanel';
  labelKey: MessageKey;
  entries: readonly NavEntry[];
}

export const SERVICE_PORTFOLIO_INSTRUCTION = '/static/instructions/service-portfolio.pdf';
export const CONTACT_DATABASE_INSTRUCTION = '/static/instructions/contact-database.pdf';

export const NAVIGATION: readonly NavGroup[] = [
  {
    key: 'servicePortfolio',
    labelKey: 'nav.servicePortfolio',
    entries: [
      { key: 'portfolio', labelKey: 'routes.servicePortfolio', route: 'servicePortfolio' },
      { key: 'newApplication', labelKey: 'nav.newApplication', route: 'serviceApplication' },
      { key: 'myServices', labelKey: 'routes.myServices', route: 'myServices' },
      { key: 'integrationList', labelKey: 'routes.serviceIntegrationList', route: 'serviceIntegrationList' },
      { key: 'fieldList', labelKey: 'routes.serviceFieldList', route: 'serviceFieldList' },
      { key: 'reviewList', labelKey: 'routes.reviewList', route: 'reviewList' },
      { key: 'pilotsEnding', labelKey: 'routes.pilotsEnding', route: 'pilotsEnding' },
      { key: 'changeRequestList', labelKey: 'routes.changeRequestList', route: 'changeRequestList' },
      {
        key: 'resourcePackageReviewList',
        labelKey: 'routes.resourcePackageReviewList',
        route: 'resourcePackageReviewList',
      },
      { key: 'handover', labelKey: 'nav.handover', route: 'handover' },
      {
        key: 'publicPortfolio',
        labelKey: 'routes.publicServicePortfolio',
        route: 'publicServicePortfolio',
        permission: 'screen.portfolioMenu',
      },
      {
        key: 'instructionPage',
        labelKey: 'instructionLinks.menuEntry',
        route: 'instructionsServicePortfolio',
        permission: 'screen.portfolioMenu',
      },
      {
        key: 'instruction',
        labelKey: 'nav.instruction',
        href: SERVICE_PORTFOLIO_INSTRUCTION,
        permission: 'screen.portfolioMenu',
      },
    ],
  },
  {
    key: 'contactDatabase',
    labelKey: 'nav.contactDatabase',
    entries: [
      { key: 'contacts', labelKey: 'routes.contactDatabase', route: 'contactDatabase' },
      { key: 'institutions', labelKey: 'routes.institutions', route: 'institutions' },
      { key: 'userAccounts', labelKey: 'routes.userAccounts', route: 'userAccounts' },
      {
        key: 'instructionPage',
        labelKey: 'instructionLinks.menuEntry',
        route: 'instructionsContactDatabase',
        permission: 'screen.contactDatabase',
      },
      {
        key: 'instruction',
        labelKey: 'nav.instruction',
        href: CONTACT_DATABASE_INSTRUCTION,
        permission: 'screen.contactDatabase',
      },
    ],
  },
  {
    key: 'voRegistration',
    labelKey: 'nav.voRegistration',
    entries: [
      { key: 'newVo', labelKey: 'routes.voApplication', route: 'voApplication' },
      { key: 'myVos', labelKey: 'routes.myVos', route: 'myVos' },
    ],
  },
  {
    key: 'adminPanel',
    labelKey: 'nav.adminPanel',
    entries: [{ key: 'adminPanel', labelKey: 'routes.adminPanel', route: 'adminPanel' }],
  },
];

const allowed = (entry: NavEntry, principal: Principal): boolean => {
  if (entry.permission && !can(principal, entry.permission)) return false;
  if (!entry.route) return true;
  const route = routeById(entry.route);
  return route.hasScreen === true && can(principal, route.permission);
};

/** The groups and entries a user with these roles sees; groups without a screen for them are left out. */
export const navigationFor = (roles: readonly string[]): NavGroup[] => {
  const principal: Principal = { id: '', username: '', roles };
  return NAVIGATION.map((group) => ({
    ...group,
    entries: group.entries.filter((entry) => allowed(entry, principal)),
  })).filter((group) => group.entries.some((entry) => entry.route));
};
